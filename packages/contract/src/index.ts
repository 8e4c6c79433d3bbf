export * from "./common.ts";
export * from "./constants.ts";
export * from "./messages.ts";
export * from "./resources/admins.ts";
export * from "./resources/auth.ts";
export * from "./resources/customers.ts";
export * from "./resources/offer-details.ts";
export * from "./resources/offers.ts";
