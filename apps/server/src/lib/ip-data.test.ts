import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenIp } from "./ip-data.ts";

// A stand-in for ipdata.co answering fixed bodies per address, to pin down how each answer is read.
const answers: Record<string, { status: number; body: unknown }> = {
  "1.1.1.1": {
    status: 200,
    body: { country_code: "au", threat: { is_known_attacker: true, is_datacenter: true } },
  },
  "2.2.2.2": { status: 200, body: { country_code: "FR" } },
  "3.3.3.3": { status: 200, body: { country_code: "France", threat: {} } },
  "4.4.4.4": {
    status: 200,
    body: { country_code: "DE", threat: { is_vpn: true, is_proxy: true, is_tor: false } },
  },
};
const seen: string[] = [];
const server = createServer((request, response) => {
  seen.push(request.url ?? "");
  const url = new URL(request.url ?? "/", "http://localhost");
  const answer = url.searchParams.get("api-key") === "k" ? answers[url.pathname.slice(1)] : undefined;
  response.statusCode = answer?.status ?? 401;
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(answer?.body ?? { message: "no" }));
});
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("screenIp", () => {
  it("reads the country and the threat flags; known attackers and abusers count as a threat", async () => {
    expect(await screenIp("4.4.4.4", { baseUrl, apiKey: "k" })).toEqual({
      status: "screened",
      country: "DE",
      isVpn: true,
      isProxy: true,
      isTor: false,
      isDatacenter: false,
      isThreat: false,
    });
    expect(await screenIp("1.1.1.1", { baseUrl, apiKey: "k" })).toMatchObject({
      status: "screened",
      country: "AU",
      isDatacenter: true,
      isThreat: true,
    });
    expect(seen.at(-1)).toBe("/1.1.1.1?api-key=k");
  });

  it("keeps the country but says unscreened when the answer has no threat object", async () => {
    expect(await screenIp("2.2.2.2", { baseUrl, apiKey: "k" })).toMatchObject({
      status: "unscreened",
      country: "FR",
    });
  });

  it("says unscreened for a refused key, an unreadable answer, or no key at all (without calling)", async () => {
    expect((await screenIp("4.4.4.4", { baseUrl, apiKey: "wrong" })).status).toBe("unscreened");
    expect((await screenIp("3.3.3.3", { baseUrl, apiKey: "k" })).status).toBe("unscreened");
    const calls = seen.length;
    expect(await screenIp("4.4.4.4", { baseUrl, apiKey: null })).toMatchObject({
      status: "unscreened",
      isVpn: false,
    });
    expect(seen.length).toBe(calls);
  });

  it("says unscreened when nothing listens at the address", async () => {
    const result = await screenIp("4.4.4.4", { baseUrl: "http://127.0.0.1:9", apiKey: "k", timeoutMs: 500 });
    expect(result.status).toBe("unscreened");
  });
});
