import { BlockList, isIP } from "node:net";

/**
 * Which connections may tell us the client's address (X-Forwarded-For, -Proto, -Host):
 * - `false`: none; the headers are ignored and the client is the connection's address.
 * - a list: the proxies' addresses, CIDR ranges or named ranges (loopback, linklocal, uniquelocal). The
 *   client is the right-most X-Forwarded-For entry that is not one of them.
 * - a number: that many proxies in front, counted from the right. Only a connection from a private
 *   address (loopback, link-local, 10/8, 172.16/12, 192.168/16, fc00::/7) is taken for the first of them,
 *   so a client reaching the server directly from the internet cannot choose its address by sending the
 *   header. Fastify itself no longer honours a bare hop count for that reason.
 */
export type TrustProxy = false | readonly string[] | number;

export const namedRanges = ["loopback", "linklocal", "uniquelocal"] as const;

/** An IPv4/IPv6 address, a CIDR range of one, or a named range: what a proxy list entry may be. */
export function isProxyEntry(entry: string): boolean {
  if ((namedRanges as readonly string[]).includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv6");
}

/** Loopback, link-local or a private network (IPv4-mapped IPv6 addresses count as their IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return privateNetworks.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** The setting in the form Fastify's `trustProxy` option takes. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === "number") {
    const hops = setting;
    return (address, hop) => (hop === 0 ? isPrivateAddress(address) : hop < hops);
  }
  return [...setting];
}
