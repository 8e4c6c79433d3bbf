import type { Profile } from "@rewards/contract";
import {
  IconBell,
  IconCoin,
  IconGift,
  IconHistory,
  IconLayoutDashboard,
  IconPlugConnected,
  IconReceipt,
  IconSettings,
  IconTrophy,
  IconUserShield,
  IconUsers,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { I18nKey } from "../../lib/i18n";

export type MenuSection = "main" | "setting";

export type MenuEntry = {
  path: string;
  title: I18nKey;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  section: MenuSection;
  /** The page's heading when it differs from the menu's wording (SPEC 2.5: "Users list"). */
  pageTitle?: I18nKey;
  /** Also in the header's top menu (SPEC 2.1: only Dashboard). */
  inHeader?: boolean;
  ownerOnly?: boolean;
  /** Other path prefixes that belong to this entry (the catalog's /dash/countries screens). */
  alsoActiveOn?: readonly string[];
};

export const sectionTitles: Partial<Record<MenuSection, I18nKey>> = { setting: "menu.section.setting" };

// One line per screen: later issues add Users, Redeems, ... here as their screens arrive.
export const menuEntries: readonly MenuEntry[] = [
  { path: "/dashboard", title: "menu.dashboard", icon: IconLayoutDashboard, section: "main", inHeader: true },
  {
    path: "/dash/customers",
    title: "menu.customers",
    pageTitle: "menu.customers.page",
    icon: IconUsers,
    section: "main",
  },
  {
    path: "/dash/redeems",
    title: "menu.redeems",
    pageTitle: "menu.redeems.page",
    icon: IconReceipt,
    section: "main",
  },
  {
    path: "/dash/offers",
    title: "menu.offers",
    icon: IconGift,
    section: "main",
  },
  {
    path: "/dash/rewards",
    title: "menu.rewards",
    icon: IconCoin,
    section: "main",
    alsoActiveOn: ["/dash/countries"],
  },
  {
    path: "/dash/giveaway",
    title: "menu.giveaway",
    icon: IconTrophy,
    section: "main",
  },
  {
    path: "/dash/notification",
    title: "menu.notification",
    icon: IconBell,
    section: "main",
  },
  {
    path: "/dash/network",
    title: "menu.network",
    icon: IconPlugConnected,
    section: "setting",
  },
  {
    path: "/dash/setting",
    title: "menu.setting",
    icon: IconSettings,
    section: "setting",
  },
  {
    path: "/dash/activity",
    title: "menu.activity",
    icon: IconHistory,
    section: "setting",
  },
  {
    path: "/dash/admins",
    title: "menu.admins",
    icon: IconUserShield,
    section: "setting",
    ownerOnly: true,
  },
];

export function visibleMenuEntries(role: Profile["role"] | undefined): MenuEntry[] {
  return menuEntries.filter((entry) => !entry.ownerOnly || role === "owner");
}

/** The entry whose path is the longest prefix of the current path. */
export function activeMenuEntry(pathname: string): MenuEntry | undefined {
  return menuEntries
    .filter((entry) =>
      [entry.path, ...(entry.alsoActiveOn ?? [])].some(
        (path) => pathname === path || pathname.startsWith(`${path}/`),
      ),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
}
