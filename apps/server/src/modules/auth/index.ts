// The auth domain's public face: what other domains, the plugins and the app may use.
export { authRoutes } from "./auth.routes.ts";
export {
  type ActingApp,
  type AdminRow,
  type AuthService,
  adminColumns,
  createAuthService,
  requireMfaSettingKey,
  type SignedIn,
  setLanguage,
  toProfile,
} from "./auth.service.ts";
export { type MfaService, resetMfa } from "./mfa.service.ts";
export { giveOwnApp, ownAppFirst } from "./own-app.ts";
export { hashResetToken, newResetToken } from "./reset-tokens.ts";
export { clientOf, endSession, endSessions, listSessions, type SessionClient } from "./sessions.ts";
