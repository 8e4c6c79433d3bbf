import { Button } from "@mantine/core";
import type { TotalCountKind } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api-client";
import { type FetchCall, renderWithProviders, stubFetch } from "../../test/render";
import { FilterRow, SearchFilter } from "./filter-row";
import { ResourceTable } from "./resource-table";
import { SelectionBar } from "./selection-bar";
import { useListSelection } from "./use-list-selection";
import { compactFilter, type ListStateConfig, useListState } from "./use-list-state";

type Thing = { _id: string; name: string; size: number };
type ThingFilter = { name?: string };
const things: Thing[] = Array.from({ length: 3 }, (_, index) => ({
  _id: `t${index + 1}`,
  name: `thing ${index + 1}`,
  size: index,
}));

const config: ListStateConfig<"name" | "size", ThingFilter> = {
  filters: { name: {} },
  sortFields: ["name", "size"],
  defaultSort: { sortField: "size", sortOrder: "desc" },
  pageSizes: [1, 3, 5],
  defaultPageSize: 5,
  toFilter: (values) => compactFilter({ name: values.name?.trim() }),
};

/** The kit wired as a screen wires it. */
function ThingsList() {
  const list = useListState(config);
  const query = useQuery({
    queryKey: ["things", list.queryParams],
    queryFn: () =>
      api.post<{ totalCount: number; totalCountKind?: TotalCountKind; entities: Thing[] }>(
        "/api/things",
        list.queryParams,
      ),
  });
  const selection = useListSelection<Thing>([list.queryParams, query.dataUpdatedAt]);
  return (
    <>
      <FilterRow>
        <SearchFilter value={list.filters.name ?? ""} onChange={(name) => list.setFilters({ name })} />
      </FilterRow>
      <SelectionBar count={selection.selected.length}>
        <Button onClick={() => query.refetch()}>Reload</Button>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={[
          { accessor: "name", title: "NAME", sortable: true },
          { accessor: "size", title: "SIZE", sortable: true },
        ]}
        records={query.data?.entities ?? []}
        totalRecords={query.data?.totalCount ?? 0}
        totalCountKind={query.data?.totalCountKind}
        fetching={query.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (thing) => `Select ${thing.name}`,
        }}
      />
    </>
  );
}

function renderList(url = "/things", answer: (call: FetchCall) => object = () => ({})) {
  const calls = stubFetch((call) => ({ body: { totalCount: 12, entities: things, ...answer(call) } }));
  const view = renderWithProviders(<ThingsList />, { path: "/things", initialEntries: [url] });
  const lastBody = () => calls.at(-1)?.body;
  const search = () => view.router.state.location.search;
  return { ...view, calls, lastBody, search };
}

const header = (title: string) => screen.getByRole("button", { name: new RegExp(title) });

describe("list kit", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows an exact total as it is, an estimate as 'about N' and a capped count as 'N+'", async () => {
    const exact = renderList();
    expect(await screen.findByText("1-3 of 12")).toBeInTheDocument();
    exact.unmount();
    const estimate = renderList("/things", () => ({ totalCount: 940_512, totalCountKind: "estimate" }));
    expect(await screen.findByText("1-3 of about 940,512")).toBeInTheDocument();
    estimate.unmount();
    renderList("/things", () => ({ totalCount: 10_000, totalCountKind: "atLeast" }));
    expect(await screen.findByText("1-3 of 10,000+")).toBeInTheDocument();
  });

  it("asks for the list's defaults when the URL holds nothing (or nonsense)", async () => {
    const { lastBody } = renderList("/things?page=-2&pageSize=7&sortField=weight&sortOrder=up");
    await screen.findByText("thing 1");
    expect(lastBody()).toEqual({
      filter: {},
      sortField: "size",
      sortOrder: "desc",
      pageNumber: 1,
      pageSize: 5,
    });
  });

  it("resets the page to 1 when a filter changes, and drops empty filters", async () => {
    const { lastBody, search } = renderList("/things?page=3");
    await screen.findByText("thing 1");
    expect(lastBody()).toMatchObject({ pageNumber: 3 });
    await userEvent.type(screen.getByLabelText("Search"), "  box ");
    await waitFor(() => expect(lastBody()).toMatchObject({ filter: { name: "box" }, pageNumber: 1 }));
    expect(new URLSearchParams(search()).get("page")).toBeNull();
    await userEvent.clear(screen.getByLabelText("Search"));
    await waitFor(() => expect(lastBody()).toMatchObject({ filter: {} }));
  });

  it("waits for a pause in typing before it asks (debounced)", async () => {
    const { calls } = renderList();
    await screen.findByText("thing 1");
    const before = calls.length;
    await userEvent.type(screen.getByLabelText("Search"), "abc");
    expect(calls.length).toBe(before);
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)?.body).toMatchObject({ filter: { name: "abc" } });
  });

  it("cycles a column's sort ascending → descending → neutral (the default sort)", async () => {
    const { lastBody, search } = renderList("/things?page=2");
    await screen.findByText("thing 1");
    expect(screen.getAllByRole("img", { name: "Not sorted" })).toHaveLength(2);

    await userEvent.click(header("NAME"));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ sortField: "name", sortOrder: "asc", pageNumber: 1 }),
    );
    expect(screen.getByRole("img", { name: "Sorted ascending" })).toBeInTheDocument();

    await userEvent.click(header("NAME"));
    await waitFor(() => expect(lastBody()).toMatchObject({ sortField: "name", sortOrder: "desc" }));
    expect(screen.getByRole("img", { name: "Sorted descending" })).toBeInTheDocument();

    await userEvent.click(header("NAME"));
    await waitFor(() => expect(lastBody()).toMatchObject({ sortField: "size", sortOrder: "desc" }));
    expect(screen.getAllByRole("img", { name: "Not sorted" })).toHaveLength(2);
    expect(search()).toBe("");
  });

  it("offers the list's page sizes and asks for the chosen one from page 1", async () => {
    const { lastBody, search } = renderList("/things?page=2");
    await screen.findByText("thing 1");
    await userEvent.click(screen.getByRole("button", { name: "5" }));
    const options = await screen.findAllByRole("menuitem");
    expect(options.map((option) => option.textContent)).toEqual(["1", "3", "5"]);
    await userEvent.click(screen.getByRole("menuitem", { name: "3" }));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageSize: 3, pageNumber: 1 }));
    expect(search()).toBe("?pageSize=3");
  });

  it("pages remotely", async () => {
    const { lastBody } = renderList();
    await screen.findByText("thing 1");
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNumber: 2 }));
  });

  it("clears the selection when the list reloads", async () => {
    renderList();
    await screen.findByText("thing 1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select thing 1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select thing 3" }));
    expect(screen.getByText("Selected records count: 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument());
    expect(screen.getByRole("checkbox", { name: "Select thing 1" })).not.toBeChecked();
  });

  it("selects every row of the page with the header checkbox, and clears it on a new query", async () => {
    renderList();
    await screen.findByText("thing 1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all records" }));
    expect(screen.getByText("Selected records count: 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument());
  });

  it('says "Please wait..." while loading and "No records found" when empty', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch(async () => {
      await gate;
      return { body: { totalCount: 0, entities: [] } };
    });
    renderWithProviders(<ThingsList />, { path: "/things", initialEntries: ["/things"] });
    expect((await screen.findAllByText("Please wait...")).length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(screen.queryByText("Please wait...")).not.toBeInTheDocument());
    expect(screen.getAllByText("No records found").length).toBeGreaterThan(0);
    // The header row, and mantine-datatable's empty placeholder row.
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.filter((row) => !row.classList.contains("mantine-datatable-empty-row"))).toHaveLength(1);
  });
});
