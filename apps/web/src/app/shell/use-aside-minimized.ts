import Cookies from "js-cookie";
import { useCallback, useState } from "react";

/** The minimised side menu survives reloads through this cookie. */
export const asideCookieName = "aside_minimized";

export function readAsideMinimized(): boolean {
  return Cookies.get(asideCookieName) === "true";
}

export function useAsideMinimized() {
  const [minimized, setMinimized] = useState(readAsideMinimized);

  const toggle = useCallback(() => {
    setMinimized((current) => {
      const next = !current;
      Cookies.set(asideCookieName, String(next), { expires: 365, sameSite: "lax", path: "/" });
      return next;
    });
  }, []);

  return { minimized, toggle };
}
