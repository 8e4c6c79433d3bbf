// Zod's core config alone: importing "zod" here would put all of Zod in the first chunk, over the sign-in
// page's JavaScript budget (docs/performance.md); the forms that parse load it with their own chunks.
import { config } from "zod/v4/core";

// Zod probes `new Function` to speed up object parsing; our CSP forbids eval, so the probe shows as a
// console violation on every page. Parsing without it is fast enough for forms. Imported first by main.tsx,
// before any schema is built.
config({ jitless: true });
