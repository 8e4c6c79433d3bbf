import { Button, Text } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import type { ListOutletContext } from "./list-outlet";
import { modalLink, RequireSelection, RouteModal } from "./route-modal";

function List() {
  const [selected, setSelected] = useState<string[]>([]);
  const { search } = useLocation();
  const context: ListOutletContext<string> = {
    listPath: "/list",
    selected,
    clearSelection: () => setSelected([]),
  };
  return (
    <>
      <Text>The list</Text>
      <Button onClick={() => setSelected(["a"])}>Pick</Button>
      <Link {...modalLink("/list/7/details", search)}>Open details</Link>
      <Link {...modalLink("/list/fetch", search)}>Open bulk</Link>
      <Outlet context={context} />
    </>
  );
}

const routes = [
  { path: "/", element: <Text>Somewhere else</Text> },
  {
    path: "/list",
    element: <List />,
    children: [
      { path: ":id/details", element: <RouteModal title="Thing Details">Details body</RouteModal> },
      {
        path: "fetch",
        element: (
          <RequireSelection>
            <RouteModal title="Selected Things">Bulk body</RouteModal>
          </RequireSelection>
        ),
      },
    ],
  },
];

describe("RouteModal", () => {
  it("opens by clicking and closes back to the list with its query string", async () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/", "/list?page=2&name=x"] });
    await userEvent.click(screen.getByRole("link", { name: "Open details" }));
    expect(await screen.findByRole("dialog", { name: "Thing Details" })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: "/list/7/details", search: "?page=2&name=x" });
    await userEvent.click(screen.getByRole("button", { name: "Close dialog" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location).toMatchObject({ pathname: "/list", search: "?page=2&name=x" });
  });

  it("opens by URL, and closes to its list rather than leaving the app", async () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/", "/list/7/details?page=3"] });
    expect(await screen.findByRole("dialog", { name: "Thing Details" })).toBeInTheDocument();
    expect(screen.getByText("The list")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: "/list", search: "?page=3" }),
    );
  });

  it("closes a bulk dialog at once when nothing is selected", async () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/list/fetch?page=2"] });
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: "/list", search: "?page=2" }),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a bulk dialog when rows are selected", async () => {
    renderWithProviders(null, { routes, initialEntries: ["/list"] });
    await userEvent.click(screen.getByRole("button", { name: "Pick" }));
    await userEvent.click(screen.getByRole("link", { name: "Open bulk" }));
    expect(await screen.findByRole("dialog", { name: "Selected Things" })).toBeInTheDocument();
  });
});
