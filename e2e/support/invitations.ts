import { expect } from "vitest";
import type { AppServer } from "./app-server.ts";

/**
 * The invitation in the newest mail to `email` in the server's mail sink: its link and the token the link
 * ends with. Given `before` (the sink's mail count before the invitation was sent), it first waits for a mail
 * beyond those, so an earlier invitation to the same address is not taken for this one.
 */
export async function invitation(mail: AppServer["mail"], email: string, before?: number) {
  if (before !== undefined)
    await expect.poll(() => mail.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
  const received = await mail.waitFor(email, 20_000);
  const match = /http:\/\/\S+\/auth\/invite\/([\w-]+)/.exec(received.fields.text ?? "");
  expect(match?.[0]).toBeDefined();
  return { link: match?.[0] ?? "", token: match?.[1] ?? "" };
}
