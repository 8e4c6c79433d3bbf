import { describe, expect, it } from "vitest";
import { paths } from "../../lib/paths";
import { screenTitle } from "./page-title";

describe("page titles", () => {
  it("name every screen: the menu entry's heading inside the dashboard, the screen's own name outside", () => {
    expect(screenTitle(paths.dashboard)).toBe("menu.dashboard");
    expect(screenTitle(paths.redeems.list)).toBe("menu.redeems.page");
    expect(screenTitle(paths.redeems.details("r1"))).toBe("menu.redeems.page");
    expect(screenTitle(paths.catalog.rewardItems("w1"))).toBe("menu.rewards");
    expect(screenTitle(paths.payouts.codes("i1"))).toBe("menu.rewards");
    expect(screenTitle(paths.offers.list)).toBe("menu.offers");
    expect(screenTitle(paths.auth.login)).toBe("page.signIn");
    expect(screenTitle(paths.auth.resetPassword("t"))).toBe("page.resetPassword");
    expect(screenTitle(paths.terms)).toBe("terms.title");
    expect(screenTitle(paths.error.page)).toBe("page.error");
    expect(screenTitle("/nowhere")).toBeUndefined();
  });
});
