export * from "./admins.ts";
