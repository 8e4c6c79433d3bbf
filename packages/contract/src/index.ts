export * from "./common.ts";
export * from "./constants.ts";
export * from "./messages.ts";
export * from "./resources/admins.ts";
export * from "./resources/auth.ts";
