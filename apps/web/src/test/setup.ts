import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { showLanguage } from "../lib/i18n";

// Components read their texts from the language shown; tests read English.
await showLanguage("en");

// findBy… waits up to 5 s, not 1 s: a loaded CI machine can take longer to render a lazy route.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
