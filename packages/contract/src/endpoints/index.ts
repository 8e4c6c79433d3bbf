import type { Endpoint } from "../endpoint.ts";
import { offerEndpoints } from "./offers.ts";
import { systemEndpoints } from "./system.ts";

export { offerEndpoints } from "./offers.ts";
export { systemEndpoints } from "./system.ts";

/**
 * Every endpoint of the API, by domain. The server checks at start-up that it serves exactly these;
 * the web imports only its domain's group (so a screen's chunk holds only the schemas it calls).
 */
export const endpointGroups = {
  offers: offerEndpoints,
  system: systemEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** A function, not a constant, so that a bundle that never asks keeps none of the definitions. */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpointGroups).flatMap((group) => Object.values(group));
}
