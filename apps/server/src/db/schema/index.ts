export * from "./admins.ts";
export * from "./app-users.ts";
