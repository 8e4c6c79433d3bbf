import { useEffect, useState } from "react";

/** The main content's id: the skip link's target, on the dashboard's and the sign-in pages' <main>. */
export const mainContentId = "main-content";

/**
 * Gives focus back when a dialog that is unmounted rather than closed goes away (a modal route left by
 * navigation, a modal rendered while a state is set), where Mantine's own focus return does not run: to the
 * element that had focus when it opened (the row's link, the button), else, when that one has gone too (the
 * dialog was opened by URL, or its action removed the button), to the main content. Nothing moves when focus
 * already went somewhere else, e.g. to another dialog.
 */
export function useReturnFocus() {
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        const target =
          opener?.isConnected && opener !== document.body ? opener : document.getElementById(mainContentId);
        target?.focus();
      });
    },
    [opener],
  );
}
