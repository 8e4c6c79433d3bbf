export * from "./activity.ts";
export * from "./admins.ts";
export * from "./app-users.ts";
export * from "./audit.ts";
export * from "./catalog.ts";
export * from "./postbacks.ts";
export * from "./redeems.ts";
export * from "./settings.ts";
