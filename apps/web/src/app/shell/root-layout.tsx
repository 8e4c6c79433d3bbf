import { Outlet } from "react-router";
import { ProgressBar } from "./progress-bar";
import { Splash } from "./splash";

export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <Splash />
      <Outlet />
    </>
  );
}
