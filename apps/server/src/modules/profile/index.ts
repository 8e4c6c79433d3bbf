// The profile domain's public face: the signed-in administrator's own account.

export { profileAppRoutes } from "./apps.routes.ts";
export { profileRoutes } from "./profile.routes.ts";
