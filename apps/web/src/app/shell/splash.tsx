import { Center, Loader, Overlay, Stack, Transition } from "@mantine/core";
import { splashHideMs } from "@rewards/contract";
import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LogoMark } from "../../components/logo";
import { useAuthStore } from "../../lib/auth-store";

// Once per page load: the routes remount when the language changes, and the splash must not return then.
let splashShown = false;

/** Shown at start, gone once nothing loads or after 3 s at the latest; never comes back. */
export function Splash() {
  const fetching = useIsFetching();
  const profilePending = useAuthStore((state) => Boolean(state.authToken) && !state.user);
  const loading = profilePending || fetching > 0;
  const [visible, setVisible] = useState(!splashShown);

  useEffect(() => {
    splashShown = true;
    const timer = setTimeout(() => setVisible(false), splashHideMs);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!loading) setVisible(false);
  }, [loading]);

  return (
    <Transition mounted={visible} transition="fade" duration={300}>
      {(styles) => (
        <Overlay fixed zIndex={2000} backgroundOpacity={1} color="var(--mantine-color-body)" style={styles}>
          <Center h="100%">
            <Stack align="center" gap="lg">
              <LogoMark size={72} />
              <Loader size="sm" />
            </Stack>
          </Center>
        </Overlay>
      )}
    </Transition>
  );
}
