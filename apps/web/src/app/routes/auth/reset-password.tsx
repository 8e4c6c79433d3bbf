import { useParams } from "react-router";
import { ResetPasswordForm } from "../../../features/auth/components/reset-password-form";

export function ResetPasswordRoute() {
  const { token = "" } = useParams();
  // A new token is a new page: the key drops the previous form and its result.
  return <ResetPasswordForm key={token} token={token} />;
}
