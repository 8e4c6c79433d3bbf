import { afterEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatFullDate,
  formatMonth,
  formatTime,
} from "./format";
import { showLanguage } from "./i18n";
import { currentTimeZone, showTimeZone } from "./language";

// 22:30 UTC on 26 November 2026: still the 26th in Berlin (23:30, UTC+1), already the 27th in Tokyo (07:30).
const instant = "2026-11-26T22:30:00.000Z";

describe("dates in the app's time zone", () => {
  afterEach(async () => {
    showTimeZone("UTC");
    await showLanguage("en");
  });

  it("shows the same moment at Berlin's and Tokyo's hour and day, whatever the browser's zone", () => {
    showTimeZone("Europe/Berlin");
    const berlin = [
      formatDateTime(instant),
      formatDate(instant),
      formatTime(instant),
      formatDayMonth(instant),
    ];
    expect(berlin).toEqual(["26 Nov 2026, 23:30", "26 Nov 2026", "23:30", "26 Nov"]);
    // (ICU versions differ on the comma after the weekday.)
    expect(formatFullDate(instant)).toMatch(/^Thursday,? 26 November 2026$/);

    showTimeZone("Asia/Tokyo");
    const tokyo = [
      formatDateTime(instant),
      formatDate(instant),
      formatTime(instant),
      formatDayMonth(instant),
    ];
    expect(tokyo).toEqual(["27 Nov 2026, 07:30", "27 Nov 2026", "07:30", "27 Nov"]);
    expect(formatFullDate(instant)).toMatch(/^Friday,? 27 November 2026$/);
  });

  it("keeps the zone when the language changes, and the language when the zone does", async () => {
    showTimeZone("Asia/Tokyo");
    await showLanguage("de");
    expect(formatDateTime(instant)).toBe("27.11.2026, 07:30");
    showTimeZone("Europe/Berlin");
    expect(formatDateTime(instant)).toBe("26.11.2026, 23:30");
  });

  it("shows a calendar day (analytics' days, already the app zone's) as the same day in every zone", () => {
    for (const zone of ["Pacific/Kiritimati", "Europe/Berlin", "Pacific/Pago_Pago"]) {
      showTimeZone(zone);
      expect([formatDay("2026-11-01"), formatMonth("2026-11-01")]).toEqual(["1 Nov 2026", "Nov 2026"]);
    }
  });

  it("keeps UTC, the app's default, for a zone this browser does not know", () => {
    showTimeZone("Europe/Berlin");
    showTimeZone("Mars/Olympus_Mons");
    expect(currentTimeZone()).toBe("UTC");
    expect(formatDateTime(instant)).toBe("26 Nov 2026, 22:30");
    showTimeZone(undefined);
    expect(currentTimeZone()).toBe("UTC");
  });
});
