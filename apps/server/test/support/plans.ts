/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) plan, with the fields the plan tests read. */
export type PlanNode = {
  "Relation Name"?: string;
  "Index Name"?: string;
  "Rows Removed by Filter"?: number;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};

/**
 * Every node of the plan in an EXPLAIN (FORMAT JSON) statement's result, the root first. Both drivers
 * answer `{ rows }`; node-postgres parses the json cell, PGlite may hand it over as text.
 */
export function planNodes(result: unknown): PlanNode[] {
  const cell = Object.values((result as { rows: Record<string, unknown>[] }).rows[0] ?? {})[0];
  const [plan] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];
  return walk(plan.Plan);
}
