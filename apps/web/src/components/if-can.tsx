import type { Endpoint } from "@rewards/contract";
import type { ReactNode } from "react";
import { useCanCall } from "../lib/permissions";

/** Shows `children` (a write action) only when the signed-in member's role may make `call`. */
export function IfCan({ call, children }: { call: Pick<Endpoint, "permission">; children: ReactNode }) {
  return useCanCall(call) ? children : null;
}
