// The profile domain's public face: the signed-in administrator's own account.
export { profileRoutes } from "./profile.routes.ts";
