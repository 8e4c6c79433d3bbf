import { configure } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberAs, owner } from "../test/members";
import { useAuthStore } from "./auth-store";
import { can } from "./permissions";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

describe("can", () => {
  it("follows the contract's matrix for team permissions", () => {
    expect(can(memberAs("viewer"), "app.read")).toBe(true);
    expect(can(memberAs("viewer"), "catalog.write")).toBe(false);
    expect(can(memberAs("support"), "redeems.manage")).toBe(true);
    expect(can(memberAs("support"), "settings.write")).toBe(false);
    expect(can(memberAs("admin"), "settings.write")).toBe(true);
    expect(can(memberAs("admin"), "team.manage")).toBe(false);
    expect(can(memberAs("owner"), "team.manage")).toBe(true);
  });

  it("keeps the installation's pages for its owner, and nothing for a signed-out visitor", () => {
    expect(can(owner, "installation")).toBe(true);
    expect(can({ ...owner, installationOwner: false }, "installation")).toBe(false);
    expect(can(memberAs("viewer"), "account")).toBe(true);
    expect(can(null, "app.read")).toBe(false);
  });
});
