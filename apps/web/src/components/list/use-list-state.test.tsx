import { waitFor } from "@testing-library/react";
import { useEffect, useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { type ListStateConfig, useListState } from "./use-list-state";

const config: ListStateConfig<"name", Record<string, string>> = {
  filters: { status: {}, searchIn: {}, search: {} },
  sortFields: ["name"],
  defaultSort: { sortField: "name", sortOrder: "asc" },
  toFilter: (values) => values,
};

/**
 * Changes the filters as a quick user does on a loaded machine: the status is chosen; right after the router
 * renders it, before that render's effects have run, the field to search in is chosen; then the search is
 * typed while the router has not rendered that second choice yet.
 */
function QuickFilters() {
  const list = useListState(config);
  const status = list.filters.status;
  useLayoutEffect(() => {
    if (status === "all") list.setFilters({ searchIn: "_id" });
  }, [status, list.setFilters]);
  // Runs after the hook's own effects of the same render.
  useEffect(() => {
    if (status === "all") list.setFilters({ search: "abc" });
  }, [status, list.setFilters]);
  useEffect(() => {
    list.setFilters({ status: "all" });
  }, [list.setFilters]);
  return null;
}

describe("useListState", () => {
  it("builds each change on the last one written, even when the router renders an earlier one in between", async () => {
    const { router } = renderWithProviders(<QuickFilters />, {
      path: "/things",
      initialEntries: ["/things"],
    });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("search")).toBe("abc"));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ status: "all", searchIn: "_id", search: "abc" });
  });
});
