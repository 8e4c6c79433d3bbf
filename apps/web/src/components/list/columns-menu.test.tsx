import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { ResourceTable } from "./resource-table";
import { compactFilter, type ListStateConfig, readHidden, useListState } from "./use-list-state";

type Thing = { _id: string; name: string; size: number };
const things: Thing[] = [{ _id: "t1", name: "thing 1", size: 1 }];

const config: ListStateConfig<"name", Partial<Record<string, string>>> = {
  filters: {},
  sortFields: ["name"],
  defaultSort: { sortField: "name", sortOrder: "asc" },
  toFilter: (values) => compactFilter(values),
};

function ThingsTable() {
  const list = useListState(config);
  return (
    <ResourceTable
      state={list}
      columns={[
        { accessor: "_id", title: "ID" },
        { accessor: "name", title: "NAME" },
        { accessor: "size", title: "SIZE" },
        { accessor: "actions", title: "ACTIONS", render: () => "…" },
      ]}
      records={things}
      totalRecords={1}
      fetching={false}
    />
  );
}

function renderTable(url = "/things") {
  const view = renderWithProviders(<ThingsTable />, { path: "/things", initialEntries: [url] });
  return { ...view, search: () => view.router.state.location.search };
}

const headers = () => screen.getAllByRole("columnheader").map((header) => header.textContent);

afterEach(() => vi.unstubAllGlobals());

describe("the Columns menu", () => {
  it("reads hide= without blanks or repeats", () => {
    expect(readHidden(" size,,name,size ")).toEqual(["size", "name"]);
    expect(readHidden("")).toEqual([]);
  });

  it("hides and shows columns through hide= in the URL, never the first or the actions", async () => {
    const { search } = renderTable("/things?page=1");
    expect(headers()).toEqual(["ID", "NAME", "SIZE", "ACTIONS"]);
    await userEvent.click(screen.getByRole("button", { name: "Columns" }));
    const boxes = await screen.findAllByRole("checkbox");
    expect(boxes.map((box) => box.getAttribute("aria-checked") ?? (box as HTMLInputElement).checked)).toEqual(
      [true, true],
    );
    expect(screen.queryByRole("checkbox", { name: "ID" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "ACTIONS" })).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "SIZE" }));
    await waitFor(() => expect(headers()).toEqual(["ID", "NAME", "ACTIONS"]));
    // Hiding a column keeps the page.
    expect(search()).toBe("?page=1&hide=size");
    await userEvent.click(screen.getByRole("checkbox", { name: "NAME" }));
    await waitFor(() => expect(search()).toBe("?page=1&hide=name%2Csize"));
    expect(headers()).toEqual(["ID", "ACTIONS"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "SIZE" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "NAME" }));
    await waitFor(() => expect(search()).toBe("?page=1"));
    expect(headers()).toEqual(["ID", "NAME", "SIZE", "ACTIONS"]);
  });

  it("opens with the URL's hidden columns; the first and the actions cannot be hidden by a link", () => {
    renderTable("/things?hide=_id,size,actions,unknown");
    expect(headers()).toEqual(["ID", "NAME", "ACTIONS"]);
  });
});
