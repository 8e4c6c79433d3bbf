import type { Profile } from "@rewards/contract";
import { IconLayoutDashboard, IconUserShield } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { I18nKey } from "../../lib/i18n";

export type MenuSection = "main" | "setting";

export type MenuEntry = {
  path: string;
  title: I18nKey;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  section: MenuSection;
  /** Shown on the dashboard's welcome card. */
  description?: I18nKey;
  /** Also in the header's top menu (SPEC 2.1: only Dashboard). */
  inHeader?: boolean;
  ownerOnly?: boolean;
};

export const sectionTitles: Partial<Record<MenuSection, I18nKey>> = { setting: "menu.section.setting" };

// One line per screen: later issues add Users, Redeems, ... here as their screens arrive.
export const menuEntries: readonly MenuEntry[] = [
  { path: "/dashboard", title: "menu.dashboard", icon: IconLayoutDashboard, section: "main", inHeader: true },
  {
    path: "/dash/admins",
    title: "menu.admins",
    icon: IconUserShield,
    section: "setting",
    description: "dashboard.admins",
    ownerOnly: true,
  },
];

export function visibleMenuEntries(role: Profile["role"] | undefined): MenuEntry[] {
  return menuEntries.filter((entry) => !entry.ownerOnly || role === "owner");
}

/** The entry whose path is the longest prefix of the current path. */
export function activeMenuEntry(pathname: string): MenuEntry | undefined {
  return menuEntries
    .filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
