import { faker } from "@faker-js/faker";
import { type LedgerReason, type OfferNetwork, offerNetworks } from "@rewards/contract";
import { v7 } from "uuid";
import type { Db, Tx } from "../db/client.ts";
import {
  appUserDevices,
  appUsers,
  completedOffers,
  ipScreenings,
  pointsLedger,
  redeems,
} from "../db/schema/index.ts";
import { languageOfLocale } from "../lib/language.ts";
import { addDemoFraudSignals } from "./demo-fraud.ts";

type UserRow = typeof appUsers.$inferInsert;
type OfferRow = typeof completedOffers.$inferInsert;
type LedgerRow = typeof pointsLedger.$inferInsert;
type DeviceRow = typeof appUserDevices.$inferInsert;
type RedeemRow = typeof redeems.$inferInsert;

const day = 86_400_000;
const giftCards = [
  { name: "Amazon Gift Card", amount: "$5", cost: 5000 },
  { name: "Amazon Gift Card", amount: "$10", cost: 10000 },
  { name: "PayPal", amount: "$5", cost: 5200 },
  { name: "Google Play", amount: "$10", cost: 10000 },
  { name: "Apple Gift Card", amount: "$10", cost: 10000 },
  { name: "Steam Wallet", amount: "$20", cost: 20000 },
];
const countries = ["US", "GB", "DE", "FR", "CA", "IN", "BR", "ES", "IT", "NL", "PH", "ID", "MX", "AU", "TR"];
const offerNames = [
  "Install Raid: Shadow Legends and reach level 10",
  "Complete a 5-minute survey",
  "Sign up for a free trial of StreamPlus",
  "Play Coin Master until village 5",
  "Answer a consumer panel survey",
  "Download and open the TikTok app",
  "Reach level 20 in Merge Dragons",
  "Register at BankNow and verify e-mail",
  "Watch 3 videos",
  "Install Candy Crush Saga",
  "Complete the daily profiler",
  "Try Audible free for 30 days",
];
// Demo figures use the General Config defaults (decision 0015: ratio 1000, refPercent 25) and a 50% share.
const ratio = 1000;
const networkShare = 0.5;
const refPercent = 25;

/** An id whose time part is `at`, so ids sort like the demo's dates. */
const idAt = (at: Date) => v7({ msecs: at.getTime() });

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function insertAll(tx: Tx, table: Parameters<Tx["insert"]>[0], rows: object[]) {
  for (const part of chunks(rows)) await tx.insert(table).values(part as never);
}

/**
 * Realistic demo data for one administrator: app users with devices, fingerprints and referrals, offers
 * over the last 30 days across networks and countries, their ledger rows, and a few fraud signals (linked
 * accounts, a VPN user; see demo-fraud.ts). Every balance equals the sum of its ledger. Deterministic for
 * a given seed, relative to `now`.
 */
export async function seedDemoData(
  db: Db,
  adminId: string,
  options: { users?: number; offers?: number; redeems?: number; seed?: number; now?: Date } = {},
) {
  const { users: userCount = 80, offers: offerCount = 600, seed = 2026, now = new Date() } = options;
  const redeemCount = options.redeems ?? Math.round(userCount / 2);
  faker.seed(seed);
  const users: UserRow[] = [];
  const devices: DeviceRow[] = [];
  const offers: OfferRow[] = [];
  const ledger: LedgerRow[] = [];
  const redeemRows: RedeemRow[] = [];
  const balance = new Map<string, number>();

  const move = (userId: string, amount: number, reason: LedgerReason, at: Date, referenceId?: string) => {
    ledger.push({
      id: idAt(at),
      adminId,
      userId,
      amount,
      reason,
      referenceId: referenceId ?? null,
      createdAt: at,
    });
    balance.set(userId, (balance.get(userId) ?? 0) + amount);
  };

  for (let i = 0; i < userCount; i++) {
    const createdAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 60 * 24 }) * 3_600_000);
    const device = faker.datatype.boolean({ probability: 0.65 }) ? "android" : "ios";
    const geo = faker.helpers.arrayElement(countries);
    const id = idAt(createdAt);
    const earlier = users.filter((user) => (user.createdAt as Date) < createdAt);
    const referrer =
      earlier.length > 3 && faker.datatype.boolean({ probability: 0.3 })
        ? faker.helpers.arrayElement(earlier)
        : undefined;
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    users.push({
      id,
      adminId,
      username: faker.internet.email({ firstName: first, lastName: `${last}${i}` }).toLowerCase(),
      referCode: faker.string.alphanumeric({ length: 6, casing: "upper" }),
      referredBy: referrer?.id ?? null,
      device,
      geo,
      ipSignup: faker.internet.ipv4(),
      visitorId: faker.string.alphanumeric(20),
      isActive: faker.datatype.boolean({ probability: 0.94 }),
      isVerified: faker.datatype.boolean({ probability: 0.7 }),
      provision: 0,
      googleId: faker.datatype.boolean({ probability: 0.4 }) ? faker.string.numeric(21) : null,
      facebookId: faker.datatype.boolean({ probability: 0.2 }) ? faker.string.numeric(16) : null,
      userInfo: {
        visitorId: faker.string.alphanumeric(20),
        platform: device === "android" ? "Android" : "iOS",
        osVersion:
          device === "android" ? `${faker.number.int({ min: 10, max: 15 })}` : `17.${faker.number.int(6)}`,
        timezone: faker.location.timeZone(),
        languages: [faker.helpers.arrayElement(["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "pt-BR"])],
        screen: {
          width: faker.helpers.arrayElement([1080, 1170, 1284, 720]),
          height: faker.helpers.arrayElement([2340, 2532, 2778, 1600]),
        },
        emulator: false,
        rooted: faker.datatype.boolean({ probability: 0.03 }),
      },
      createdAt,
      updatedAt: createdAt,
    });
    balance.set(id, 0);
    for (let d = 0; d < faker.number.int({ min: 1, max: 2 }); d++) {
      devices.push({
        id: idAt(createdAt),
        adminId,
        userId: id,
        deviceName:
          device === "android"
            ? faker.helpers.arrayElement(["Pixel 8", "Galaxy S23", "Redmi Note 12", "Moto G84"])
            : faker.helpers.arrayElement(["iPhone 14", "iPhone 15 Pro", "iPhone 13"]),
        bssid: faker.internet.mac(),
        gaid: device === "android" ? faker.string.uuid() : null,
        locale: `${faker.helpers.arrayElement(["en", "de", "fr", "es", "pt"])}_${geo}`,
        resolution: faker.helpers.arrayElement(["1080x2340", "1170x2532", "720x1600"]),
        countryCode: geo,
        carrierCountry: geo.toLowerCase(),
        osVersion:
          device === "android"
            ? `Android ${faker.number.int({ min: 10, max: 15 })}`
            : `iOS 17.${faker.number.int(6)}`,
        androidId:
          device === "android" ? faker.string.hexadecimal({ length: 16, prefix: "" }).toLowerCase() : null,
        createdAt,
      });
    }
    // The language of the user's e-mails, as the app reports it from the phone's locale.
    const user = users.at(-1);
    const locale = devices.at(-1)?.locale;
    if (user && locale) user.language = languageOfLocale(locale);
  }

  const userById = new Map(users.map((user) => [user.id as string, user]));
  for (let i = 0; i < offerCount; i++) {
    const user = faker.helpers.arrayElement(users);
    const userCreated = (user.createdAt as Date).getTime();
    const from = Math.max(userCreated, now.getTime() - 30 * day);
    const date = new Date(faker.number.int({ min: from, max: now.getTime() - 60_000 }));
    const network: OfferNetwork = faker.helpers.arrayElement(offerNetworks);
    const payout = Number(faker.number.float({ min: 0.05, max: 4.5, fractionDigits: 4 }).toFixed(4));
    const points = Math.round(payout * networkShare * ratio);
    const reversed = faker.datatype.boolean({ probability: 0.04 });
    const id = idAt(date);
    offers.push({
      id,
      adminId,
      userId: user.id as string,
      network,
      transactionId: faker.string.alphanumeric(16),
      offerName: faker.helpers.arrayElement(offerNames),
      payout,
      points,
      ip: user.ipSignup ?? null,
      geo: user.geo ?? null,
      status: reversed ? "reversed" : "credited",
      date,
    });
    move(user.id as string, points, "offer", date, id);
    const referrer = user.referredBy ? userById.get(user.referredBy) : undefined;
    const bonus = Math.round((points * refPercent) / 100);
    if (referrer && bonus > 0) move(referrer.id as string, bonus, "referral", date, id);
    if (reversed) {
      const at = new Date(Math.min(date.getTime() + day, now.getTime()));
      move(user.id as string, -points, "offer_reversal", at, id);
      if (referrer && bonus > 0) move(referrer.id as string, -bonus, "referral_reversal", at, id);
    }
  }

  // Redeems in every status, by users who could afford them: each holds its points unless Rejected.
  const ledgerByTime = [...ledger].sort(
    (x, y) => (x.createdAt as Date).getTime() - (y.createdAt as Date).getTime(),
  );
  for (let i = 0; i < redeemCount; i++) {
    const card = faker.helpers.arrayElement(giftCards);
    const affordable = users.filter((user) => (balance.get(user.id as string) ?? 0) >= card.cost);
    // Nobody can afford this card right now: draw another one.
    if (affordable.length === 0) continue;
    const user = faker.helpers.arrayElement(affordable);
    const lastMove = ledgerByTime.findLast((row) => row.userId === user.id)?.createdAt as Date | undefined;
    const latest = now.getTime() - 1000;
    const from = Math.min(Math.max(lastMove?.getTime() ?? 0, now.getTime() - 20 * day), latest);
    const redeemDate = new Date(faker.number.int({ min: from, max: latest }));
    const status = faker.helpers.weightedArrayElement([
      { value: 0, weight: 5 },
      { value: 1, weight: 4 },
      { value: 2, weight: 2 },
    ]);
    const id = idAt(redeemDate);
    const settledAt = new Date(Math.min(redeemDate.getTime() + day / 2, now.getTime()));
    redeemRows.push({
      id,
      adminId,
      userId: user.id as string,
      redeemEmail: faker.datatype.boolean({ probability: 0.8 })
        ? user.username
        : faker.internet.email().toLowerCase(),
      rewardName: card.name,
      rewardAmount: card.amount,
      rewardCost: card.cost,
      rewardExtraInfo: faker.helpers.arrayElement([null, `Country: ${user.geo}`, "Send to PayPal e-mail"]),
      redeemDate,
      status,
      code: status === 1 ? faker.string.alphanumeric({ length: 16, casing: "upper" }) : null,
      subject: status === 1 ? `Your ${card.name} is here` : null,
      bodyHtml:
        status === 1
          ? `<p>Thank you for using our app! Here is your ${card.name} (${card.amount}).</p>`
          : null,
      paidByAdminId: status === 1 ? adminId : null,
      paidAt: status === 1 ? settledAt : null,
      updatedAt: status === 0 ? redeemDate : settledAt,
    });
    move(user.id as string, -card.cost, "redeem", redeemDate, id);
    if (status === 2) move(user.id as string, card.cost, "redeem_refund", settledAt, id);
  }

  for (const user of users) user.points = balance.get(user.id as string) ?? 0;
  // After every random draw, so the rest of the demo stays as it was for a given seed.
  const screenings = addDemoFraudSignals(adminId, { users, devices, offers, redeems: redeemRows });

  await db.transaction(async (tx) => {
    // Referrers first: users are inserted in creation order, and a referrer is always created earlier.
    users.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    await insertAll(tx, appUsers, users);
    await insertAll(tx, appUserDevices, devices);
    await insertAll(tx, completedOffers, offers);
    await insertAll(tx, pointsLedger, ledger);
    await insertAll(tx, redeems, redeemRows);
    await insertAll(tx, ipScreenings, screenings);
  });
  return {
    users: users.length,
    offers: offers.length,
    redeems: redeemRows.length,
    ledgerRows: ledger.length,
    riskyUsers: users.filter((user) => (user.riskReasons?.length ?? 0) > 0).length,
  };
}
