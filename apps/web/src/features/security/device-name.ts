import { t } from "../../lib/i18n";

// First match wins: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux".
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const find = (table: [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A session's device in plain words, "Chrome on Linux", from the User-Agent it signed in with. */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return t("sessions.unknownDevice");
  const browser = find(browsers, agent);
  const os = find(systems, agent);
  if (browser && os) return t("sessions.device", { browser, os });
  if (browser ?? os) return browser ?? os ?? "";
  // A script or tool ("curl/8.5.0"): its own name, without the version.
  const tool = /^[\w.-]+/.exec(agent)?.[0];
  return tool && tool !== "Mozilla" ? tool : t("sessions.unknownDevice");
}
