import { canonicalTimeZone } from "@rewards/contract";

/** Calendar days in an IANA time zone, with their UTC boundaries (DST-aware, via Intl). */
export type LocalDay = { year: number; month: number; day: number };

/**
 * Formatters by canonical zone name. Intl takes any mix of cases, and the dashboard's zone comes from the
 * request: every spelling of a zone shares its canonical name's formatter, so this holds one per zone
 * whatever callers send.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  const zone = canonicalTimeZone(timeZone);
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, found);
  }
  return found;
}

/** How many formatters are kept (for the test that they stay one per zone). */
export const formatterCount = () => formatters.size;

function wallClock(timeZone: string, at: number) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    asUtc: Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
    ),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(timeZone, whole).asUtc - whole;
}

export function localDayOf(timeZone: string, at: Date): LocalDay {
  const { year, month, day } = wallClock(timeZone, at.getTime());
  return { year, month, day };
}

/** The day `days` after (or before, when negative) the given one. */
export function addDays(day: LocalDay, days: number): LocalDay {
  const moved = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Local midnights already found, by zone and day: the dashboard asks for the same nine on every call. */
const midnights = new Map<string, number>();
const maxMidnights = 5_000;

/** The instant the local day starts: local midnight, found from the offset in force then. */
export function startOf(timeZone: string, day: LocalDay): Date {
  const key = `${timeZone} ${day.year}-${day.month}-${day.day}`;
  let start = midnights.get(key);
  if (start === undefined) {
    const midnightAsUtc = Date.UTC(day.year, day.month - 1, day.day);
    start = midnightAsUtc - offsetAt(timeZone, midnightAsUtc);
    // Across a DST change the offset at the guess differs from the one at the answer: settle on that one.
    start = midnightAsUtc - offsetAt(timeZone, start);
    if (midnights.size >= maxMidnights) midnights.clear();
    midnights.set(key, start);
  }
  return new Date(start);
}

export const isoDay = (day: LocalDay) =>
  `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
