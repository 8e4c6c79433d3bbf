/** The mobile app's API (/app/v1): the domains' app routes behind the app key and the app user's token. */
export { appApiRoutes } from "./app-api.routes.ts";
