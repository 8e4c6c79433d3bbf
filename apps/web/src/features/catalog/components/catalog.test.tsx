import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, type Mock, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { catalogId, country, reward, rewardItem } from "../../../test/fixtures/catalog";
import { errorBody, type FetchCall } from "../../../test/render";

const countriesList = "/api/reward/countries/pagination?group=false";
const rewardsList = `/api/reward/rewards/${catalogId(1, 1)}?group=false`;
const itemsList = `/api/reward/rewardsItems/${catalogId(2, 1)}?group=false`;
const worldwide = country(2, { fullName: "Worldwide", code: "WW", _id: catalogId(1, 2), rewardCount: 7 });

type Answer = { status?: number; body?: unknown };

/** Answers every catalog call with fixtures; `override` answers first when it returns something. */
function catalogAnswers(override: (call: FetchCall) => Answer | undefined = () => undefined) {
  return (call: FetchCall): Answer => {
    const special = override(call);
    if (special) return special;
    if (call.url === countriesList) return { body: { totalCount: 2, entities: [worldwide, country(1)] } };
    if (call.url === rewardsList) return { body: { totalCount: 2, entities: [reward(1), reward(2)] } };
    if (call.url === itemsList) return { body: { totalCount: 2, entities: [rewardItem(1), rewardItem(2)] } };
    if (call.url === `/api/reward/countries/${catalogId(1, 1)}`) return { body: country(1) };
    if (call.url === `/api/reward/rewards/${catalogId(2, 1)}`) return { body: reward(1) };
    return { status: 404, body: errorBody(404, "Not found") };
  };
}

/** The FormData bodies sent (the shared fetch stub records JSON bodies only). */
function formBodies(): { url: string; method: string; body: FormData }[] {
  const fetchMock = globalThis.fetch as unknown as Mock<(input: string, init?: RequestInit) => unknown>;
  return fetchMock.mock.calls
    .filter(([, init]) => init?.body instanceof FormData)
    .map(([url, init]) => ({
      url: String(url),
      method: init?.method ?? "GET",
      body: init?.body as FormData,
    }));
}

/** Screens and modals load lazily; on a busy machine the first render of a chunk takes a while. */
const slow = { timeout: 5000 };

const lastBodyOf = (calls: FetchCall[], url: string) => calls.filter((call) => call.url === url).at(-1)?.body;

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

describe("Countries", { timeout: 20_000 }, () => {
  it("leads from /dash/rewards to the countries, by priority descending, 10 a page", async () => {
    const { calls, router } = renderApp("/dash/rewards", catalogAnswers());
    expect(await screen.findByRole("heading", { name: "Countries" }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dash/rewards/countries");
    await screen.findByText("Germany", {}, slow);
    expect(lastBodyOf(calls(), countriesList)).toEqual({
      queryParams: { filter: {}, sortField: "priority", sortOrder: "desc", pageNumber: 1, pageSize: 10 },
    });
    const row = within(screen.getByText("Worldwide", { selector: "td, td *" }).closest("tr") as HTMLElement);
    expect(row.getByRole("img", { name: "Worldwide" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "REWARDS" })).toBeInTheDocument();
    expect(row.getByRole("cell", { name: "7" })).toBeInTheDocument();
    expect(row.getByRole("link", { name: "Add Rewards" })).toHaveAttribute(
      "href",
      `/dash/countries/${catalogId(1, 2)}/add`,
    );
  });

  it("searches in Country Code (upper-cased by the server) and resets to page 1", async () => {
    const { calls } = renderApp("/dash/rewards/countries?page=2", catalogAnswers());
    await screen.findByText("Germany", {}, slow);
    await userEvent.selectOptions(screen.getByLabelText("Search in"), "code");
    await userEvent.type(screen.getByLabelText("Search"), "de");
    await waitFor(() =>
      expect(lastBodyOf(calls(), countriesList)).toMatchObject({
        queryParams: { filter: { code: "de" }, pageNumber: 1 },
      }),
    );
  });

  it("creates a country from the picker: the code comes from the chosen country", async () => {
    const { calls } = renderApp(
      "/dash/rewards/countries/new",
      catalogAnswers((call) =>
        call.method === "POST" && call.url === "/api/reward/countries"
          ? { body: { country: country(3, { fullName: "France", code: "FR" }) } }
          : undefined,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "New Country" }, slow));
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Please select a country")).toBeInTheDocument();
    expect(dialog.getByText("Priority is required")).toBeInTheDocument();

    const picker = dialog.getByPlaceholderText("Search a country");
    await userEvent.click(picker);
    await userEvent.type(picker, "Franc");
    await userEvent.click(await screen.findByRole("option", { name: "France" }));
    expect(dialog.getByText("Code: FR")).toBeInTheDocument();
    await userEvent.type(dialog.getByRole("textbox", { name: /Priority/ }), "15");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls().find((call) => call.url === "/api/reward/countries")).toMatchObject({
      method: "POST",
      body: { code: "FR", priority: 15 },
    });
  });

  it("shows a duplicate code (409) on the country field", async () => {
    renderApp(
      `/dash/rewards/countries/${catalogId(1, 1)}/edit`,
      catalogAnswers((call) =>
        call.method === "PUT"
          ? {
              status: 409,
              body: errorBody(409, "A country with the code DE already exists", {
                code: "A country with the code DE already exists",
              }),
            }
          : undefined,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Country" }, slow));
    expect(await dialog.findByDisplayValue("Germany")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("A country with the code DE already exists")).toBeInTheDocument();
  });

  it("deletes the selected countries with Delete All", async () => {
    const { calls } = renderApp(
      "/dash/rewards/countries",
      catalogAnswers((call) =>
        call.url === "/api/reward/countries/deleteCountries" ? { body: { deleted: 2 } } : undefined,
      ),
    );
    await screen.findByText("Germany", {}, slow);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Germany" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Worldwide" }));
    expect(screen.getByText("Selected records count: 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Delete All" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete Countries" }, slow));
    await userEvent.click(dialog.getByRole("button", { name: "Delete All" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = lastBodyOf(calls(), "/api/reward/countries/deleteCountries") as { ids: string[] };
    expect(sent.ids.sort()).toEqual([catalogId(1, 1), catalogId(1, 2)]);
    await waitFor(() => expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument());
  });
});

describe("Rewards of a country", { timeout: 20_000 }, () => {
  it("heads with the country, sorts by id ascending and pages by 1, 3 or 5 (5 by default)", async () => {
    const { calls, router } = renderApp(`/dash/countries/${catalogId(1, 1)}/add`, catalogAnswers());
    expect(await screen.findByRole("heading", { name: "Add Rewards to Germany" }, slow)).toBeInTheDocument();
    await screen.findByText("Reward 1", {}, slow);
    expect(lastBodyOf(calls(), rewardsList)).toEqual({
      queryParams: { filter: {}, sortField: "_id", sortOrder: "asc", pageNumber: 1, pageSize: 5 },
    });
    expect(screen.getByRole("img", { name: "Reward 1 icon" })).toHaveAttribute("src", reward(1).iconUrl);
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/dash/rewards/countries");

    await userEvent.click(screen.getByRole("button", { name: "5" }));
    const sizes = await screen.findAllByRole("menuitem");
    expect(sizes.map((item) => item.textContent)).toEqual(["1", "3", "5"]);
    await userEvent.click(screen.getByRole("menuitem", { name: "3" }));
    await waitFor(() =>
      expect(lastBodyOf(calls(), rewardsList)).toMatchObject({ queryParams: { pageSize: 3 } }),
    );
    expect(new URLSearchParams(router.state.location.search).get("pageSize")).toBe("3");
  });

  it("searches by reward name", async () => {
    const { calls } = renderApp(`/dash/countries/${catalogId(1, 1)}/add`, catalogAnswers());
    await screen.findByText("Reward 1", {}, slow);
    await userEvent.type(screen.getByLabelText("Search"), "amaz");
    await waitFor(() =>
      expect(lastBodyOf(calls(), rewardsList)).toMatchObject({ queryParams: { filter: { name: "amaz" } } }),
    );
  });

  it("requires the icon on create, and sends name, order and file as multipart", async () => {
    renderApp(
      `/dash/countries/${catalogId(1, 1)}/add/new`,
      catalogAnswers((call) =>
        call.method === "POST" && call.url.startsWith("/api/reward/rewards/add/")
          ? { body: { reward: reward(3) } }
          : undefined,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Create new reward" }, slow));
    await userEvent.type(dialog.getByRole("textbox", { name: /Reward Name/ }), "Amazon");
    await userEvent.type(dialog.getByRole("textbox", { name: /Priority/ }), "2");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Please choose an image")).toBeInTheDocument();
    expect(formBodies()).toHaveLength(0);

    const icon = new File([new Uint8Array([137, 80, 78, 71])], "amazon.png", { type: "image/png" });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, icon);
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(formBodies()).toHaveLength(1));
    const [sent] = formBodies();
    expect(sent?.url).toBe(`/api/reward/rewards/add/${catalogId(1, 1)}`);
    expect(sent?.body.get("name")).toBe("Amazon");
    expect(sent?.body.get("order")).toBe("2");
    expect(sent?.body.get("file")).toMatchObject({ name: "amazon.png" });
  });

  it("edits without a new icon: the file is optional on edit", async () => {
    renderApp(
      `/dash/countries/${catalogId(1, 1)}/add/${catalogId(2, 1)}/edit`,
      catalogAnswers((call) =>
        call.method === "PUT" ? { body: reward(1, { name: "Renamed" }) } : undefined,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Reward" }, slow));
    const name = await dialog.findByRole("textbox", { name: /Reward Name/ });
    expect(dialog.getByRole("img", { name: "Icon preview" })).toHaveAttribute("src", reward(1).iconUrl);
    await userEvent.clear(name);
    await userEvent.type(name, "Renamed");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [sent] = formBodies();
    expect(sent).toMatchObject({ method: "PUT", url: `/api/reward/rewards/${catalogId(2, 1)}` });
    expect(sent?.body.get("name")).toBe("Renamed");
    expect(sent?.body.get("file")).toBeNull();
  });

  it("checks the reward's name with the contract's rules", async () => {
    renderApp(`/dash/countries/${catalogId(1, 1)}/add/new`, catalogAnswers());
    const dialog = within(await screen.findByRole("dialog", { name: "Create new reward" }, slow));
    await userEvent.type(dialog.getByRole("textbox", { name: /Reward Name/ }), "A");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Minimum 2 symbols")).toBeInTheDocument();
    expect(dialog.getByText("Priority is required")).toBeInTheDocument();
  });
});

describe("Reward items", { timeout: 20_000 }, () => {
  it("heads with the reward, shows costs as N P, and goes back to the reward's country", async () => {
    const { calls } = renderApp(`/dash/countries/rewards/${catalogId(2, 1)}/add`, catalogAnswers());
    expect(await screen.findByRole("heading", { name: "Add Rewards to Reward 1" }, slow)).toBeInTheDocument();
    expect(await screen.findByText("5,000 P", {}, slow)).toBeInTheDocument();
    expect(screen.getByText("$10")).toBeInTheDocument();
    expect(lastBodyOf(calls(), itemsList)).toEqual({
      queryParams: { filter: {}, sortField: "_id", sortOrder: "asc", pageNumber: 1, pageSize: 5 },
    });
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute(
      "href",
      `/dash/countries/${catalogId(1, 1)}/add`,
    );
  });

  it("creates an item with the contract's messages first", async () => {
    const { calls } = renderApp(
      `/dash/countries/rewards/${catalogId(2, 1)}/add/new`,
      catalogAnswers((call) =>
        call.method === "POST" && call.url === `/api/reward/rewardItem/${catalogId(2, 1)}`
          ? { body: { rewardItem: rewardItem(3) } }
          : undefined,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Create new Reward Item" }, slow));
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("RewardItem Name is required")).toBeInTheDocument();
    expect(dialog.getByText("Points is required")).toBeInTheDocument();
    await userEvent.type(dialog.getByRole("textbox", { name: /Reward Amount/ }), "$15");
    await userEvent.type(dialog.getByRole("textbox", { name: /Points/ }), "15000");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(lastBodyOf(calls(), `/api/reward/rewardItem/${catalogId(2, 1)}`)).toEqual({
      cost: "$15",
      points: 15000,
      fulfilment: "manual",
      lowStockBelow: 10,
      // The contract's defaults: a manual item has no provider reward.
      providerProductId: null,
      providerCampaignId: null,
      providerValue: null,
      providerCurrency: "USD",
    });
  });

  it("sets an item to pay from its code stock, with its low-stock alert", async () => {
    const item = rewardItem(1);
    const { calls } = renderApp(
      `/dash/countries/rewards/${catalogId(2, 1)}/add/${item._id}/edit`,
      catalogAnswers((call) => {
        if (call.url === `/api/reward/rewardItem/${item._id}`) {
          return { body: call.method === "PUT" ? { ...item, fulfilment: "inventory" } : item };
        }
        return undefined;
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Reward Item" }, slow));
    const fulfilment = await dialog.findByLabelText("Fulfilment", { selector: "input" }, slow);
    expect(fulfilment).toHaveValue("Manual (type the code when paying)");
    expect(dialog.queryByLabelText(/Low-stock alert below/)).not.toBeInTheDocument();
    await userEvent.click(fulfilment);
    await userEvent.click(await screen.findByRole("option", { name: "From code stock" }));
    const threshold = dialog.getByRole("textbox", { name: /Low-stock alert below/ });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, "25");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = calls().find(
      (call) => call.method === "PUT" && call.url === `/api/reward/rewardItem/${item._id}`,
    );
    expect(put?.body).toMatchObject({
      fulfilment: "inventory",
      lowStockBelow: 25,
    });
  });

  it("asks a provider item for its Tremendous product and value, and shows the server's field errors", async () => {
    const item = rewardItem(1);
    let puts = 0;
    const { calls } = renderApp(
      `/dash/countries/rewards/${catalogId(2, 1)}/add/${item._id}/edit`,
      catalogAnswers((call) => {
        if (call.url !== `/api/reward/rewardItem/${item._id}`) return undefined;
        if (call.method !== "PUT") return { body: item };
        puts += 1;
        if (puts === 1) {
          return {
            status: 400,
            body: errorBody(400, "providerProductId: Unknown product", {
              providerProductId: "Unknown product",
            }),
          };
        }
        return { body: { ...item, fulfilment: "provider" } };
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Reward Item" }, slow));
    const fulfilment = await dialog.findByLabelText("Fulfilment", { selector: "input" }, slow);
    expect(dialog.queryByLabelText(/Product id/)).not.toBeInTheDocument();
    await userEvent.click(fulfilment);
    await userEvent.click(await screen.findByRole("option", { name: "Through the provider (Tremendous)" }));
    expect(dialog.getByRole("textbox", { name: /Currency/ })).toHaveValue("USD");
    await userEvent.type(dialog.getByRole("textbox", { name: /Product id/ }), "PROD-1");
    await userEvent.type(dialog.getByRole("textbox", { name: /Value/ }), "2.5");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Unknown product")).toBeInTheDocument();

    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = calls().filter(
      (call) => call.method === "PUT" && call.url === `/api/reward/rewardItem/${item._id}`,
    )[1];
    expect(put?.body).toMatchObject({
      fulfilment: "provider",
      providerProductId: "PROD-1",
      providerCampaignId: null,
      providerValue: 2.5,
      providerCurrency: "USD",
    });
  });

  it("shows the stock of items paid from codes, red below the alert, with a link to the codes", async () => {
    renderApp(
      `/dash/countries/rewards/${catalogId(2, 1)}/add`,
      catalogAnswers((call) =>
        call.url.startsWith(`/api/reward/rewardsItems/${catalogId(2, 1)}`)
          ? {
              body: {
                totalCount: 3,
                entities: [
                  rewardItem(1),
                  rewardItem(2, { fulfilment: "inventory", available: 40, lowStockBelow: 10 }),
                  rewardItem(3, { fulfilment: "inventory", available: 2, lowStockBelow: 10 }),
                ],
              },
            }
          : undefined,
      ),
    );
    expect(await screen.findByText("2 (low)", {}, slow)).toBeInTheDocument();
    expect(screen.getByText("Manual")).toBeInTheDocument();
    expect(screen.getByText("40")).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "Codes" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      `/dash/catalog/items/${catalogId(3, 2)}/codes`,
      `/dash/catalog/items/${catalogId(3, 3)}/codes`,
    ]);
  });
});
