import { queryRoots } from "../../../lib/query-roots";
/** Every settings query starts with "settings"; a save invalidates its record's queries. */
export const settingsKeys = {
  all: queryRoots.settings,
  appKey: () => [...settingsKeys.all, "app-key"] as const,
  identities: () => [...settingsKeys.all, "identity"] as const,
  identity: (adminId: string) => [...settingsKeys.identities(), adminId] as const,
  socials: () => [...settingsKeys.all, "social"] as const,
  social: (adminId: string, name: string) => [...settingsKeys.socials(), adminId, name] as const,
  mails: () => [...settingsKeys.all, "mail"] as const,
  mail: (adminId: string) => [...settingsKeys.mails(), adminId] as const,
  rewardMails: () => [...settingsKeys.all, "reward-mail"] as const,
  rewardMail: (adminId: string) => [...settingsKeys.rewardMails(), adminId] as const,
  generals: () => [...settingsKeys.all, "general"] as const,
  general: (adminId: string) => [...settingsKeys.generals(), adminId] as const,
  pushes: () => [...settingsKeys.all, "push"] as const,
  push: (adminId: string) => [...settingsKeys.pushes(), adminId] as const,
};
