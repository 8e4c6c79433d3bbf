import type { NetworkConfig } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { renderWithProviders, stubFetch } from "../../../test/render";
import { NetworkForm } from "./network-form";

const base: NetworkConfig = {
  adminId: "0190f4b2-7c1e-7a3d-9f10-000000000001",
  network: "adgemow",
  appId: "",
  appToken: "",
  postbackSecret: "",
  postbackSecretAndroid: "",
  provision: 0.5,
  iosEnable: 0,
  androidEnable: 0,
  allowedIps: [],
  postbackUrl: "http://localhost/postback/key/adgemow?user_id={player_id}",
  updatedAt: null,
};

const routes = (config: NetworkConfig) => [
  { path: "/dash/network/:name", element: <NetworkForm config={config} /> },
  { path: "/dash/network", element: <p>Network cards</p> },
];

describe("NetworkForm", () => {
  // The save is the owner's to make: a role that may not shows it disabled.
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("shows adgemow's own fields, with its Android secret and the postback URL", () => {
    renderWithProviders(null, { routes: routes(base), initialEntries: ["/dash/network/adgemow"] });
    expect(screen.getByLabelText(/^App ID/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Secret Key/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Android Secret Key/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Provision/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/API KEY/)).not.toBeInTheDocument();
    expect(screen.getByTestId("postback-url")).toHaveTextContent("/postback/key/adgemow?user_id={player_id}");
    expect(screen.getByRole("button", { name: "Copy postback URL" })).toBeInTheDocument();
  });

  it("shows only the key for ipdata, and Security Hash for CPX Research", () => {
    const ipdata = { ...base, network: "ipdata" as const, postbackUrl: null };
    const { unmount } = renderWithProviders(null, {
      routes: routes(ipdata),
      initialEntries: ["/dash/network/ipdata"],
    });
    expect(screen.getByLabelText(/^API KEY/)).toBeInTheDocument();
    expect(screen.getAllByRole("textbox")).toHaveLength(1);
    expect(screen.queryByLabelText(/Provision/)).not.toBeInTheDocument();
    expect(screen.queryByText("Postback URL")).not.toBeInTheDocument();
    unmount();
    renderWithProviders(null, {
      routes: routes({ ...base, network: "cpxresearch" }),
      initialEntries: ["/dash/network/cpxresearch"],
    });
    expect(screen.getByLabelText(/^Security Hash/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Secret Key/)).not.toBeInTheDocument();
  });

  it("has an allowed-address list for every postback network; for CPX an empty one means CPX's published addresses", () => {
    const { unmount } = renderWithProviders(null, {
      routes: routes({ ...base, network: "cpxresearch", allowedIps: [] }),
      initialEntries: ["/dash/network/cpxresearch"],
    });
    expect(screen.getByText("Allowed IP addresses")).toBeInTheDocument();
    expect(
      screen.getByText(
        /Left empty, the network's published addresses apply: 188\.40\.3\.73, 157\.90\.97\.92/,
      ),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(null, { routes: routes(base), initialEntries: ["/dash/network/adgemow"] });
    expect(screen.getByText("Allowed IP addresses")).toBeInTheDocument();
    expect(screen.getByText(/Leave empty to accept any address\.$/)).toBeInTheDocument();
  });

  it("refuses a secret key equal to the App ID that offerwall links show", async () => {
    const calls = stubFetch(() => ({ body: {} }));
    renderWithProviders(null, {
      routes: routes({ ...base, network: "bitlabs" }),
      initialEntries: ["/dash/network/bitlabs"],
    });
    await userEvent.type(screen.getByLabelText(/^App Token/), "public-token");
    await userEvent.type(screen.getByLabelText(/^Secret Key/), "public-token");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(/cannot be the same as the ID that offerwall links show/),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses a missing Android secret and an empty provision", async () => {
    const calls = stubFetch(() => ({ body: {} }));
    renderWithProviders(null, { routes: routes(base), initialEntries: ["/dash/network/adgemow"] });
    await userEvent.type(screen.getByLabelText(/^App ID/), "123");
    await userEvent.type(screen.getByLabelText(/^Secret Key/), "ios-key");
    const provision = screen.getByLabelText(/^Provision/);
    await userEvent.clear(provision);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Provision is required")).toBeInTheDocument();
    expect(screen.getByText("Required field")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends masked secrets back unchanged, then returns to the network cards", async () => {
    const saved = {
      ...base,
      _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a71",
      appId: "123",
      postbackSecret: "••••0001",
      postbackSecretAndroid: "••••0002",
      iosEnable: 1 as const,
    };
    const calls = stubFetch(() => ({ body: saved }));
    renderWithProviders(null, { routes: routes(saved), initialEntries: ["/dash/network/adgemow"] });
    await userEvent.click(screen.getByRole("switch", { name: "Android enabled" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Network cards")).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: `/api/network/${saved._id}`,
      body: {
        network: "adgemow",
        postbackSecret: "••••0001",
        postbackSecretAndroid: "••••0002",
        androidEnable: 1,
      },
    });
  });
});
