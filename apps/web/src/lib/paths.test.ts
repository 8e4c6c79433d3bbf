import { describe, expect, it } from "vitest";
import { paths, routePatterns } from "./paths";

describe("paths", () => {
  it("keeps a path without parameters as it is", () => {
    expect(paths.dashboard).toBe("/dashboard");
    expect(paths.appUsers.list).toBe("/dash/customers");
    expect(paths.catalog.countriesDelete).toBe("/dash/rewards/countries/deleteCountries");
  });

  it("fills a pattern's parameters in order", () => {
    expect(paths.redeems.details("r1")).toBe("/dash/redeems/r1/details");
    expect(paths.redeems.pay("r1")).toBe("/dash/redeems/r1/edit");
    expect(paths.catalog.rewardItemEdit("w1", "i1")).toBe("/dash/countries/rewards/w1/add/i1/edit");
    expect(paths.auth.resetPassword("t1")).toBe("/auth/reset/t1");
  });

  it("encodes the values", () => {
    expect(paths.network.setting("a b/c")).toBe("/dash/network/a%20b%2Fc");
  });

  it("builds from the patterns the route table registers", () => {
    expect(routePatterns.redeems.details).toBe("/dash/redeems/:id/details");
    expect(routePatterns.catalog.rewardEdit).toBe("/dash/countries/:countryId/add/:id/edit");
  });
});
