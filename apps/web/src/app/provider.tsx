import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { colorSchemeManager, cssVariablesResolver, theme } from "../theme";

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns Mantine's transitions and portals off for component tests. */
  env?: "default" | "test";
};

export function AppProvider({ queryClient, children, env }: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
