import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type IpProfile = {
  country: string;
  vpn?: boolean;
  proxy?: boolean;
  tor?: boolean;
  datacenter?: boolean;
  threat?: boolean;
};

/**
 * A local HTTP server speaking ipdata.co's lookup API (GET /{ip}?api-key=KEY → JSON with country_code
 * and a threat object), so screening goes over the real wire in tests. Unknown addresses answer 400 as
 * ipdata does for private ones; a wrong key answers 401. `mode` makes it fail, hang or answer garbage.
 */
export async function startIpDataServer(apiKey: string) {
  const profiles = new Map<string, IpProfile>();
  const requests: { ip: string; key: string | null }[] = [];
  let mode: "ok" | "error" | "hang" | "garbage" = "ok";
  const hanging: ServerResponse[] = [];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const ip = decodeURIComponent(url.pathname.slice(1));
    const key = url.searchParams.get("api-key");
    requests.push({ ip, key });
    response.setHeader("content-type", "application/json");
    if (mode === "hang") {
      hanging.push(response);
      return;
    }
    if (mode === "error") {
      response.statusCode = 503;
      return response.end(JSON.stringify({ message: "down on purpose" }));
    }
    if (mode === "garbage") return response.end("<html>not json</html>");
    if (key !== apiKey) {
      response.statusCode = 401;
      return response.end(JSON.stringify({ message: "You have not provided a valid API Key." }));
    }
    const profile = profiles.get(ip);
    if (!profile) {
      response.statusCode = 400;
      return response.end(JSON.stringify({ message: `${ip} is a private IP address` }));
    }
    response.end(
      JSON.stringify({
        ip,
        country_code: profile.country,
        country_name: profile.country,
        threat: {
          is_tor: profile.tor ?? false,
          is_vpn: profile.vpn ?? false,
          is_icloud_relay: false,
          is_proxy: profile.proxy ?? false,
          is_datacenter: profile.datacenter ?? false,
          is_anonymous: Boolean(profile.tor || profile.proxy),
          is_known_attacker: profile.threat ?? false,
          is_known_abuser: false,
          is_threat: profile.threat ?? false,
          is_bogon: false,
        },
      }),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    profile(ip: string, value: IpProfile) {
      profiles.set(ip, value);
    },
    setMode(next: typeof mode) {
      mode = next;
      if (next !== "hang") for (const response of hanging.splice(0)) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type IpDataServer = Awaited<ReturnType<typeof startIpDataServer>>;
