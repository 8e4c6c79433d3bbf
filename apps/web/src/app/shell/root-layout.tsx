import { Outlet } from "react-router";
import { usePageTitle } from "./page-title";
import { ProgressBar } from "./progress-bar";
import { Splash } from "./splash";

export function RootLayout() {
  usePageTitle();
  return (
    <>
      <ProgressBar />
      <Splash />
      <Outlet />
    </>
  );
}
