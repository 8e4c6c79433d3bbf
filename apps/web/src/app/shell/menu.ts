import type { Permission, Profile } from "@rewards/contract";
import {
  IconBell,
  IconCash,
  IconChartBar,
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
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { I18nKey } from "../../lib/i18n";
import { pathPrefixes, paths } from "../../lib/paths";
import { can } from "../../lib/permissions";

export type MenuSection = "main" | "setting";

export type MenuEntry = {
  path: string;
  title: I18nKey;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  section: MenuSection;
  /** The page's heading when it differs from the menu's wording (e.g. "Users list"). */
  pageTitle?: I18nKey;
  /** Also in the header's top menu (only Dashboard). */
  inHeader?: boolean;
  /** Who sees the entry (lib/permissions.ts); every member when left out. */
  permission?: Permission;
  /** Other path prefixes that belong to this entry (the catalog's /dash/countries screens). */
  alsoActiveOn?: readonly string[];
};

export const sectionTitles: Partial<Record<MenuSection, I18nKey>> = { setting: "menu.section.setting" };

// One line per screen: later issues add Users, Redeems, ... here as their screens arrive.
export const menuEntries: readonly MenuEntry[] = [
  {
    path: paths.dashboard,
    title: "menu.dashboard",
    icon: IconLayoutDashboard,
    section: "main",
    inHeader: true,
  },
  {
    path: paths.analytics,
    title: "menu.analytics",
    icon: IconChartBar,
    section: "main",
  },
  {
    path: paths.appUsers.list,
    title: "menu.appUsers",
    pageTitle: "menu.appUsers.page",
    icon: IconUsers,
    section: "main",
  },
  {
    path: paths.redeems.list,
    title: "menu.redeems",
    pageTitle: "menu.redeems.page",
    icon: IconReceipt,
    section: "main",
  },
  {
    path: paths.offers.list,
    title: "menu.offers",
    icon: IconGift,
    section: "main",
  },
  {
    path: paths.catalog.home,
    title: "menu.rewards",
    icon: IconCoin,
    section: "main",
    alsoActiveOn: [pathPrefixes.catalogRecords, pathPrefixes.itemCodes],
  },
  {
    path: paths.giveaway,
    title: "menu.giveaway",
    icon: IconTrophy,
    section: "main",
  },
  {
    path: paths.notification,
    title: "menu.notification",
    icon: IconBell,
    section: "main",
  },
  {
    path: paths.network.list,
    title: "menu.network",
    icon: IconPlugConnected,
    section: "setting",
  },
  {
    path: paths.setting,
    title: "menu.setting",
    icon: IconSettings,
    section: "setting",
  },
  {
    path: paths.payouts.settings,
    title: "menu.payouts",
    icon: IconCash,
    section: "setting",
  },
  {
    path: paths.activity,
    title: "menu.activity",
    icon: IconHistory,
    section: "setting",
    permission: "audit.read",
  },
  {
    path: paths.team,
    title: "menu.team",
    icon: IconUsersGroup,
    section: "setting",
    permission: "team.manage",
  },
  {
    path: paths.admins,
    title: "menu.admins",
    icon: IconUserShield,
    section: "setting",
    permission: "installation",
  },
];

export function visibleMenuEntries(user: Profile | null | undefined): MenuEntry[] {
  return menuEntries.filter((entry) => can(user, entry.permission ?? "app.read"));
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
