/**
 * The settings domain's public face: the app's identity, social logins, Mailgun, general config and push
 * key, the app key, and what the mobile app reads of them. Routes are thin adapters over its services.
 */
export { appInfoRoutes } from "./app.routes.ts";
export { appSettingRoutes } from "./app-setting.routes.ts";
export { getAppSetting } from "./app-setting.service.ts";
export { getGeneralConfig } from "./general-config.service.ts";
export { storedServiceAccountKey } from "./push.service.ts";
export { settingsRoutes } from "./settings.routes.ts";
