import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
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
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

// The notifications' container (about 12 KB gzip) loads with the first notification, not with the
// sign-in page, which shows none (its JavaScript budget is 200 KB, docs/performance.md). A notification shown
// before it arrives waits in the store and appears as it mounts.
const Notifications = lazy(async () => ({
  default: (await import("./notifications-container")).Notifications,
}));

function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}
