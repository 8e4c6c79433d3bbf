export const settingsKeys = {
  all: ["settings"] as const,
  appKey: ["settings", "app-key"] as const,
  identity: (adminId: string) => ["settings", "identity", adminId] as const,
  social: (adminId: string, name: string) => ["settings", "social", adminId, name] as const,
  mail: (adminId: string) => ["settings", "mail", adminId] as const,
  general: (adminId: string) => ["settings", "general", adminId] as const,
  push: (adminId: string) => ["settings", "push", adminId] as const,
};
