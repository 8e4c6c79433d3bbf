/** The exports domain's public face: every dashboard list as a streamed CSV file. */
export { csvCell, csvLine } from "./csv.ts";
export { exportFileName, exportsRoutes } from "./exports.routes.ts";
