import { RegistrationForm } from "../../../features/auth/components/registration-form";

export function RegistrationRoute() {
  return <RegistrationForm />;
}
