import { notifications } from "@mantine/notifications";
import type { MemberRole } from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { catalogId, rewardItem } from "../../../test/fixtures/catalog";
import { memberAs } from "../../../test/members";
import type { FetchCall } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const item = rewardItem(1, { fulfilment: "inventory", available: 1 });
const itemId = item._id;
const pageUrl = `/dash/catalog/items/${itemId}/codes`;
const importUrl = (dryRun: boolean) => `/api/payouts/items/${itemId}/codes?dryRun=${dryRun}`;

const codes = [
  {
    _id: "code-1",
    maskedCode: "••••7QX2",
    hasPin: true,
    expiresAt: "2027-01-31",
    state: "available" as const,
    redeemId: null,
    usedAt: null,
    createdAt: "2026-01-05T10:00:00.000Z",
  },
  {
    _id: "code-2",
    maskedCode: "••••AB12",
    hasPin: false,
    expiresAt: null,
    state: "used" as const,
    redeemId: "redeem-1",
    usedAt: "2026-01-06T10:00:00.000Z",
    createdAt: "2026-01-04T10:00:00.000Z",
  },
];

function answers(
  override: (call: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return (call: FetchCall) => {
    const special = override(call);
    if (special) return special;
    if (call.url === `/api/reward/rewardItem/${itemId}`) return { body: item };
    if (call.url === `/api/payouts/items/${itemId}/stock`)
      return { body: { available: 1, used: 1, expired: 0 } };
    if (call.url.startsWith(`/api/payouts/items/${itemId}/codes?`) && call.method === "GET") {
      return { body: { totalCount: 2, entities: codes } };
    }
    return { status: 404, body: { statusCode: 404, error: "Not Found", message: "Not found" } };
  };
}

const open = (role: MemberRole = "owner", override?: Parameters<typeof answers>[0]) =>
  renderApp(pageUrl, answers(override), memberAs(role));

describe("An item's codes", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("shows a code's expiry as the day it names, in an app west of UTC too", async () => {
    renderApp(pageUrl, answers(), { ...memberAs("owner"), timeZone: "America/New_York" });
    const row = (await screen.findByText("••••7QX2")).closest("tr") as HTMLElement;
    expect(within(row).getByText("31 Jan 2027")).toBeInTheDocument();
  });

  it("shows the stock and the codes masked, with their PIN, expiry, state and redeem", async () => {
    open();
    expect(await screen.findByRole("heading", { name: "Codes of $5" })).toBeInTheDocument();
    expect(await screen.findByTestId("stock-available")).toHaveTextContent("1");
    expect(screen.getByTestId("stock-used")).toHaveTextContent("1");
    expect(screen.getByTestId("stock-expired")).toHaveTextContent("0");
    const row = (await screen.findByText("••••7QX2")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Yes")).toBeInTheDocument();
    expect(within(row).getByText("Available")).toBeInTheDocument();
    const used = screen.getByText("••••AB12").closest("tr") as HTMLElement;
    expect(within(used).getByRole("link", { name: "Open" })).toHaveAttribute(
      "href",
      "/dash/redeems/redeem-1/details",
    );
    // A used code stays on record: no Delete.
    expect(within(used).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the items" })).toHaveAttribute(
      "href",
      `/dash/countries/rewards/${catalogId(2, 1)}/add`,
    );
  });

  it("checks pasted codes first, shows the preview, then imports on confirmation", async () => {
    const { calls } = open("owner", (call) => {
      if (call.url === importUrl(true)) {
        return {
          body: {
            added: 3,
            duplicates: 1,
            invalid: [{ line: 5, reason: "The code is empty" }],
            dryRun: true,
          },
        };
      }
      if (call.url === importUrl(false)) {
        return {
          body: {
            added: 3,
            duplicates: 1,
            invalid: [{ line: 5, reason: "The code is empty" }],
            dryRun: false,
          },
        };
      }
      return undefined;
    });
    const csv = "code,pin\nA1,1\nA2,\nA3,\nA1,\n,9";
    await userEvent.click(await screen.findByRole("textbox", { name: "Or paste the CSV" }));
    await userEvent.paste(csv);
    await userEvent.click(screen.getByRole("button", { name: "Check" }));

    const preview = await screen.findByTestId("import-preview");
    expect(within(preview).getByText("3 to add, 1 duplicates")).toBeInTheDocument();
    expect(within(preview).getByText("1 invalid rows (not imported)")).toBeInTheDocument();
    expect(within(preview).getByText("Line 5: The code is empty")).toBeInTheDocument();
    expect(calls().filter((call) => call.url === importUrl(false))).toHaveLength(0);
    expect(calls().find((call) => call.url === importUrl(true))?.body).toEqual({ csv });

    await userEvent.click(screen.getByRole("button", { name: "Import 3 codes" }));
    expect(await screen.findByText("3 codes added, 1 duplicates skipped")).toBeInTheDocument();
    expect(calls().find((call) => call.url === importUrl(false))).toMatchObject({
      method: "POST",
      body: { csv },
    });
    await waitFor(() => expect(screen.queryByTestId("import-preview")).not.toBeInTheDocument());
    // The stock is read again after the import.
    await waitFor(() =>
      expect(
        calls().filter((call) => call.url === `/api/payouts/items/${itemId}/stock`).length,
      ).toBeGreaterThan(1),
    );
  });

  it("reads a chosen .csv file in the browser and sends its text", async () => {
    const { calls } = open("owner", (call) =>
      call.url === importUrl(true)
        ? { body: { added: 1, duplicates: 0, invalid: [], dryRun: true } }
        : undefined,
    );
    await screen.findByRole("heading", { name: "Codes of $5" });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(["code\nZZ9"], "codes.csv", { type: "text/csv" }));
    await userEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("1 to add, 0 duplicates")).toBeInTheDocument();
    expect(calls().find((call) => call.url === importUrl(true))?.body).toEqual({ csv: "code\nZZ9" });
  });

  it("reveals a code and its PIN for an owner", async () => {
    const { calls } = open("owner", (call) =>
      call.url === "/api/payouts/codes/code-1/reveal"
        ? { body: { code: "GIFT-7QX2", pin: "1234" } }
        : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Reveal ••••7QX2" }));
    expect(await screen.findByTestId("revealed-code")).toHaveTextContent("GIFT-7QX2");
    expect(screen.getByTestId("revealed-pin")).toHaveTextContent("1234");
    expect(calls().find((call) => call.url === "/api/payouts/codes/code-1/reveal")?.method).toBe("POST");
  });

  it.each([
    ["admin", true, true],
    ["support", false, false],
    ["viewer", false, false],
  ] as const)("as %s: Reveal %s, import and Delete %s", async (role, reveal, write) => {
    open(role);
    await screen.findByText("••••7QX2");
    expect(screen.queryByRole("button", { name: "Reveal ••••7QX2" }) !== null).toBe(reveal);
    expect(screen.queryByRole("button", { name: "Delete ••••7QX2" }) !== null).toBe(write);
    expect(screen.queryByRole("button", { name: "Check" }) !== null).toBe(write);
  });

  it("deletes an unused code after confirmation", async () => {
    const { calls } = open("owner", (call) =>
      call.url === "/api/payouts/codes/code-1" && call.method === "DELETE"
        ? { body: { ok: true } }
        : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Delete ••••7QX2" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete code" }));
    await userEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Code deleted")).toBeInTheDocument();
    expect(calls().filter((call) => call.method === "DELETE")).toHaveLength(1);
  });
});
