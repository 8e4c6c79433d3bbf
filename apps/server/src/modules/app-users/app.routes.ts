import { appUserEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { countSignInAttempt, type Guard, type Guards } from "../../lib/rate-limit.ts";
import { route } from "../../lib/route.ts";
import { appSessionRead, currentAppSession, currentAppTenant } from "../../plugins/require-app-user.ts";
import { clientIp, identifyingDeviceId } from "../risk/index.ts";
import type { AppAuthService } from "./app-auth.service.ts";
import { toAppMe } from "./app-user.mapper.ts";
import { meSummary, meSummaryReads, myLedger, myOffers, myRedeems } from "./me.service.ts";

type DeviceIds = { androidId: string | null; gaid: string | null } | null | undefined;

/** Counts an attempt per device id (Android id, else GAID) within its tenant, when the app sent one. */
async function hitDeviceLimit(tenantId: string, device: DeviceIds, perDevice: Guard) {
  const deviceId = [device?.androidId, device?.gaid].find(identifyingDeviceId);
  if (deviceId) await perDevice.hit(`${tenantId}:${deviceId}`);
}

/** Counts an attempt per IP and per device id, each key within its tenant. */
async function hitLimits(tenantId: string, ip: string, device: DeviceIds, perIp: Guard, perDevice: Guard) {
  await perIp.hit(`${tenantId}:${ip}`);
  await hitDeviceLimit(tenantId, device, perDevice);
}

/** The mobile app's sign-up and sign-in: they need only the app key. */
export async function appUserRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AppAuthService; guards: Guards },
) {
  route(app, appUserEndpoints.appSignUp, async (request) => {
    const tenant = currentAppTenant(request);
    const ip = clientIp(request.ip);
    await hitLimits(tenant.id, ip, request.body.device, guards.appSignUpPerIp, guards.appSignUpPerDevice);
    const { accessToken, user } = await auth.signUp(tenant.id, request.body, ip);
    return { accessToken, user: toAppMe(user, { referralCount: 0, nextReleaseAt: null }) };
  });

  route(app, appUserEndpoints.appSignIn, async (request) => {
    const tenant = currentAppTenant(request);
    const ip = clientIp(request.ip);
    await hitDeviceLimit(tenant.id, request.body.device, guards.appSignInPerDevice);
    // Per IP, per (account, IP) and per account, counted before the password is checked. The device
    // id is optional and made up by the client, so the account limits are the ones that hold.
    const attempt = await countSignInAttempt(
      {
        perIp: guards.appSignInPerIp,
        perAccountIp: guards.appSignInFailuresPerAccountIp,
        perAccount: guards.appSignInFailuresPerAccount,
      },
      { account: request.body.email, ip, scope: `${tenant.id}:` },
    );
    const { accessToken, user } = await auth.signIn(tenant.id, request.body, ip);
    await attempt.succeeded();
    return {
      accessToken,
      user: toAppMe(user, await meSummary(app.deps.db, { adminId: tenant.id, userId: user.id })),
    };
  });
}

/**
 * The signed-in app user's own account: sign out, points, Share Key, referrals, ledger, offers and
 * redeems. Registered where an app user's token is required.
 */
export async function appUserSignedInRoutes(app: FastifyInstance, { auth }: { auth: AppAuthService }) {
  const { db } = app.deps;
  const owner = (request: Parameters<typeof currentAppSession>[0]) => {
    const { user } = currentAppSession(request);
    return { adminId: user.adminId, userId: user.id };
  };

  route(app, appUserEndpoints.appSignOut, async (request) => {
    const { user, sessionId } = currentAppSession(request);
    await auth.signOut(user.id, sessionId);
    return { message: "Signed out" };
  });

  // The summary comes with the session, in one statement (meSummaryReads).
  route(
    app,
    appUserEndpoints.appMe,
    async (request) => toAppMe(currentAppSession(request).user, appSessionRead(request, meSummaryReads)),
    { config: { appSessionReads: meSummaryReads } },
  );

  route(app, appUserEndpoints.appLedger, async (request) => myLedger(db, owner(request), request.query));

  route(app, appUserEndpoints.appOffers, async (request) => myOffers(db, owner(request), request.query));

  route(app, appUserEndpoints.appRedeems, async (request) => myRedeems(db, owner(request), request.query));
}
