import {
  appHeadersSchema,
  appSessionAnswerSchema,
  appSignedInHeadersSchema,
  appSignInBodySchema,
  appSignOutAnswerSchema,
  appSignUpBodySchema,
  errorAnswerSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { countSignInAttempt, type Guard, type Guards } from "../../lib/rate-limit.ts";
import { currentAppSession, currentAppTenant } from "../../plugins/require-app-user.ts";
import { toAppMe } from "./app-user.mapper.ts";
import type { AppAuthService } from "./auth.service.ts";
import { referralCount } from "./auth.service.ts";
import { identifyingDeviceId } from "./risk.ts";
import { clientIp } from "./screening.ts";

const tags = ["app"];
const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 429: errorAnswerSchema };

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

/** Sign up and sign in need only the app key; sign out is registered with the signed-in calls. */
export async function appAuthRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AppAuthService; guards: Guards },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/auth/sign-up",
    {
      schema: {
        tags,
        summary: "Create an app user and sign them in",
        headers: appHeadersSchema,
        body: appSignUpBodySchema,
        response: { 200: appSessionAnswerSchema, ...errors, 403: errorAnswerSchema, 409: errorAnswerSchema },
      },
    },
    async (request) => {
      const tenant = currentAppTenant(request);
      const ip = clientIp(request.ip);
      await hitLimits(tenant.id, ip, request.body.device, guards.appSignUpPerIp, guards.appSignUpPerDevice);
      const { accessToken, user } = await auth.signUp(tenant.id, request.body, ip);
      return { accessToken, user: toAppMe(user, 0) };
    },
  );

  api.post(
    "/auth/sign-in",
    {
      schema: {
        tags,
        summary: "Sign an app user in with e-mail and password",
        headers: appHeadersSchema,
        body: appSignInBodySchema,
        response: { 200: appSessionAnswerSchema, ...errors, 403: errorAnswerSchema },
      },
    },
    async (request) => {
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
      return { accessToken, user: toAppMe(user, await referralCount(app.deps.db, tenant.id, user.id)) };
    },
  );
}

/** Sign out: ends the session the token names. */
export async function appSignOutRoutes(app: FastifyInstance, { auth }: { auth: AppAuthService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/auth/sign-out",
    {
      schema: {
        tags,
        summary: "Sign out: revoke this token's session",
        headers: appSignedInHeadersSchema,
        response: { 200: appSignOutAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAppSession(request);
      await auth.signOut(user.id, sessionId);
      return { message: "Signed out" };
    },
  );
}
