import * as flags from "country-flag-icons/react/3x2";
import type { ReactNode } from "react";

type FlagComponent = (typeof flags)["US"];
const byCode = flags as unknown as Record<string, FlagComponent | undefined>;

/** Loaded lazily by CountryFlag: importing every flag is what makes this module heavy. */
export function FlagSvg({ code, fallback }: { code: string; fallback: ReactNode }) {
  const Flag = /^[A-Z]{2}$/.test(code) ? byCode[code] : undefined;
  if (!Flag) return fallback;
  return (
    <Flag title={code} role="img" aria-label={code} style={{ width: 24, height: 16, borderRadius: 2 }} />
  );
}
