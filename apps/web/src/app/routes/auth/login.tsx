import { useLocation } from "react-router";
import { LoginForm } from "../../../features/auth/components/login-form";

type LoginState = { notice?: string } | null;

export function LoginRoute() {
  const notice = (useLocation().state as LoginState)?.notice;
  return <LoginForm notice={notice} />;
}
