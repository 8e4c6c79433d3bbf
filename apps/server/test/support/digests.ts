import { createHash, createHmac } from "node:crypto";

/** The hex digests the networks sign postbacks with, computed the way their documentation says. */
export const md5 = (text: string) => createHash("md5").update(text).digest("hex");
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const hmac = (algorithm: "sha1" | "sha256", key: string, text: string) =>
  createHmac(algorithm, key).update(text).digest("hex");
