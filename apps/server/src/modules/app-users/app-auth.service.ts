import { randomInt } from "node:crypto";
import { type appSignInBodySchema, type appSignUpBodySchema, messages } from "@rewards/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  appUserColumns,
  appUserDevices,
  appUserSessions,
  appUsers,
  generalConfigs,
} from "../../db/schema/index.ts";
import type { AppTokens } from "../../lib/app-tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { languageOfLocale } from "../../lib/language.ts";
import { hashPassword, isCommonPassword, verifyDecoy, verifyPassword } from "../../lib/passwords.ts";
import {
  findLinks,
  flagLinkedUsers,
  hidesAddress,
  recordScreening,
  screenForTenant,
  signUpReasons,
} from "../risk/index.ts";
import type { AppUserRow } from "./app-users.mapper.ts";

type SignUpInput = z.output<typeof appSignUpBodySchema>;
type SignInInput = z.output<typeof appSignInBodySchema>;
type DeviceInput = NonNullable<SignUpInput["device"]>;

export type AppAuthDeps = { db: Db; tokens: AppTokens; ipDataBaseUrl: string };

// Share Keys: 6 characters without the look-alikes 0/O and 1/I, so people can type them from a screen.
const referCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newReferCode = () =>
  Array.from({ length: 6 }, () => referCodeAlphabet[randomInt(referCodeAlphabet.length)]).join("");

async function blocksVpnSignups(db: Db, adminId: string): Promise<boolean> {
  const [row] = await db
    .select({ block: generalConfigs.blockVpnSignups })
    .from(generalConfigs)
    .where(eq(generalConfigs.adminId, adminId));
  return row?.block ?? false;
}

async function emailTaken(db: Db | Tx, adminId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, adminId), eq(appUsers.username, email)));
  return !!row;
}

const emailTakenError = () => new AppError(409, messages.appEmailTaken, { email: messages.appEmailTaken });

async function addDevice(tx: Db | Tx, adminId: string, userId: string, device: DeviceInput) {
  await tx.insert(appUserDevices).values({
    id: newId(),
    adminId,
    userId,
    deviceName: device.device_name,
    bssid: device.bssid,
    gaid: device.gaid,
    locale: device.locale,
    resolution: device.resolution,
    countryCode: device.country_code,
    carrierCountry: device.carrier_country,
    osVersion: device.osversion,
    androidId: device.androidId,
  });
}

async function openSession(tx: Db | Tx, tokens: AppTokens, user: AppUserRow, ip: string) {
  const sessionId = newId();
  await tx.insert(appUserSessions).values({ id: sessionId, adminId: user.adminId, userId: user.id, ip });
  return tokens.sign({ adminId: user.adminId, userId: user.id, sessionId });
}

export function createAppAuthService({ db, tokens, ipDataBaseUrl }: AppAuthDeps) {
  return {
    /**
     * Creates the user, their device record, the sign-up screening, their risk reasons (and the linked
     * users'), and a session, in one transaction. The address is screened first, outside it; with the
     * switch on, a VPN, proxy or Tor address is refused (403) and nothing is created.
     */
    async signUp(adminId: string, input: SignUpInput, ip: string) {
      if (isCommonPassword(input.password)) {
        throw new AppError(400, messages.passwordTooCommon, { password: messages.passwordTooCommon });
      }
      if (await emailTaken(db, adminId, input.email)) throw emailTakenError();
      let referredBy: string | null = null;
      if (input.referralCode) {
        const [referrer] = await db
          .select({ id: appUsers.id })
          .from(appUsers)
          .where(and(eq(appUsers.adminId, adminId), eq(appUsers.referCode, input.referralCode)));
        if (!referrer) {
          throw new AppError(400, messages.referralCodeUnknown, {
            referralCode: messages.referralCodeUnknown,
          });
        }
        referredBy = referrer.id;
      }
      const screening = await screenForTenant(db, ipDataBaseUrl, adminId, ip);
      if (hidesAddress(screening) && (await blocksVpnSignups(db, adminId))) {
        throw new AppError(403, messages.vpnSignupBlocked);
      }
      const passwordHash = await hashPassword(input.password);
      const device = input.device ?? null;
      const locale = reportedLocale(input);

      return db.transaction(async (tx) => {
        const links = await findLinks(tx, adminId, {
          visitorId: input.visitorId,
          gaid: device?.gaid ?? null,
          androidId: device?.androidId ?? null,
          ip,
        });
        let user: AppUserRow | undefined;
        // A random Share Key can collide with another user's: draw again (the unique index decides).
        for (let attempt = 0; !user && attempt < 5; attempt++) {
          [user] = await tx
            .insert(appUsers)
            .values({
              id: newId(),
              adminId,
              username: input.email,
              referCode: newReferCode(),
              referredBy,
              device: input.platform ?? null,
              geo: screening.country ?? device?.country_code ?? null,
              ipSignup: ip,
              visitorId: input.visitorId,
              userInfo: input.userInfo,
              passwordHash,
              riskReasons: signUpReasons(screening, links),
              language: locale === null ? null : languageOfLocale(locale),
            })
            .onConflictDoNothing()
            .returning(appUserColumns);
          if (!user && (await emailTaken(tx, adminId, input.email))) throw emailTakenError();
        }
        if (!user) throw new Error("could not draw a free Share Key in 5 attempts");
        if (device) await addDevice(tx, adminId, user.id, device);
        await recordScreening(tx, { adminId, userId: user.id, purpose: "signup", ip, result: screening });
        await flagLinkedUsers(tx, adminId, links);
        const accessToken = await openSession(tx, tokens, user, ip);
        return { accessToken, user };
      });
    },

    /** Checks the password before anything else, so the answer never tells who is banned. */
    async signIn(adminId: string, input: SignInInput, ip: string) {
      const [found] = await db
        .select({ user: appUserColumns, passwordHash: appUsers.passwordHash })
        .from(appUsers)
        .where(and(eq(appUsers.adminId, adminId), eq(appUsers.username, input.email)));
      if (!found?.passwordHash) {
        await verifyDecoy(input.password);
        throw new AppError(401, messages.loginIncorrect);
      }
      if (!(await verifyPassword(found.passwordHash, input.password))) {
        throw new AppError(401, messages.loginIncorrect);
      }
      const { user } = found;
      if (!user.isActive) throw new AppError(403, messages.appUserBanned);
      return db.transaction(async (tx) => {
        if (input.device && !(await knownDevice(tx, user.id, input.device))) {
          await addDevice(tx, adminId, user.id, input.device);
        }
        const locale = reportedLocale(input);
        const language = locale === null ? user.language : languageOfLocale(locale);
        if (language !== user.language) {
          await tx.update(appUsers).set({ language }).where(eq(appUsers.id, user.id));
        }
        return { accessToken: await openSession(tx, tokens, user, ip), user: { ...user, language } };
      });
    },

    /** Ends the session this token names; other devices stay signed in. */
    async signOut(userId: string, sessionId: string) {
      await db
        .update(appUserSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(appUserSessions.id, sessionId),
            eq(appUserSessions.userId, userId),
            isNull(appUserSessions.revokedAt),
          ),
        );
    },
  };
}
export type AppAuthService = ReturnType<typeof createAppAuthService>;

/**
 * The locale the app sent: its own field, else the device record's; null when it sent none, so a sign-in
 * without one keeps the language known.
 */
const reportedLocale = (input: { locale: string | null; device?: DeviceInput | null }) =>
  input.locale ?? input.device?.locale ?? null;

/** The same device signing in again adds no record: only a new one (or a changed one) does. */
async function knownDevice(tx: Tx, userId: string, device: DeviceInput): Promise<boolean> {
  const [latest] = await tx
    .select()
    .from(appUserDevices)
    .where(eq(appUserDevices.userId, userId))
    .orderBy(desc(appUserDevices.createdAt))
    .limit(1);
  if (!latest) return false;
  return (
    latest.gaid === device.gaid &&
    latest.androidId === device.androidId &&
    latest.deviceName === device.device_name &&
    latest.osVersion === device.osversion
  );
}

/** How many users signed up with this user's Share Key (index (admin_id, referred_by)). */
export async function referralCount(db: Db, adminId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, adminId), eq(appUsers.referredBy, userId)));
  return Number(row?.count ?? 0);
}
