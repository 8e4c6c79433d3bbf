import { auditEveryScreen } from "./support/accessibility.ts";

// Every screen checked with axe-core in the light color scheme (the checks: e2e/support/accessibility.ts).
auditEveryScreen("light");
