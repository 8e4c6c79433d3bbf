import type { MouseEvent } from "react";
import { mainContentId } from "../../lib/focus";
import { t } from "../../lib/i18n";
import classes from "./skip-link.module.css";

/** "Skip to content": the first thing Tab reaches on a page, moving focus to the main content. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    // Focus moves without a change of URL (the router would take the #hash for a navigation).
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${mainContentId}`} className={classes.link} onClick={skip}>
      {t("a11y.skipToContent")}
    </a>
  );
}
