/**
 * The app users domain's public face: the users of an administrator's app, as the dashboard's Users
 * screen (/api) and the mobile app's own account calls (/app/v1) see them.
 */
export { appUsersAdminRoutes } from "./admin.routes.ts";
export { appUserRoutes, appUserSignedInRoutes } from "./app.routes.ts";
export { type AppAuthService, createAppAuthService, referralCount } from "./app-auth.service.ts";
export { toAppMe } from "./app-user.mapper.ts";
export { type AppUserRow, toAppUser } from "./app-users.mapper.ts";
export { getAppUserDetails, listAppUsers } from "./app-users.service.ts";
export { type CompletedOfferRow, toCompletedOffer } from "./completed-offer.mapper.ts";
export { toAppRedeem } from "./me.service.ts";
export { usernameOf } from "./username-of.ts";
