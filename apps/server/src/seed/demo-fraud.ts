import { type RiskReason, riskReasons } from "@rewards/contract";
import { v7 } from "uuid";
import type { appUserDevices, appUsers, completedOffers, ipScreenings, redeems } from "../db/schema/index.ts";

type UserRow = typeof appUsers.$inferInsert;
type DeviceRow = typeof appUserDevices.$inferInsert;
type OfferRow = typeof completedOffers.$inferInsert;
type RedeemRow = typeof redeems.$inferInsert;
export type ScreeningRow = typeof ipScreenings.$inferInsert;

type DemoRows = { users: UserRow[]; devices: DeviceRow[]; offers: OfferRow[]; redeems: RedeemRow[] };

/** Where the VPN user's flagged request comes from: an address of a documentation range, abroad. */
const vpnExit = { ip: "198.51.100.23", countries: ["NL", "DE"] };

const at = (value: unknown) => value as Date;
const idOf = (row: { id?: string }) => row.id as string;

/**
 * Gives the demo the fraud signals (decision 0018), as the app API would have recorded them, so an operator
 * sees the feature at first start: three accounts sharing a visitorId (one of them with the newest
 * Pending request), two sharing a device's advertising id, two sharing a sign-up IP, and one that
 * signed up through a VPN and asks for a reward (Pending if possible) from another country. Each reason
 * counts from the moment it became known (a link from the later sign-up), so a redeem carries only the
 * reasons seen by then.
 * Changes the rows in place, draws no random numbers, and answers the IP screenings to insert.
 */
export function addDemoFraudSignals(adminId: string, rows: DemoRows): ScreeningRow[] {
  const { users, devices, offers, redeems } = rows;
  const byCreation = [...users].sort((x, y) => at(x.createdAt).getTime() - at(y.createdAt).getTime());
  const userById = new Map(users.map((user) => [idOf(user), user]));
  const devicesOf = (user: UserRow) => devices.filter((device) => device.userId === user.id);
  const newestFirst = (list: RedeemRow[]) =>
    [...list].sort((x, y) => at(y.redeemDate).getTime() - at(x.redeemDate).getTime());
  const taken = new Set<string>();
  const known = new Map<string, Map<RiskReason, Date>>();

  const flag = (user: UserRow, reason: RiskReason, since: Date) => {
    const reasons = known.get(idOf(user)) ?? new Map<RiskReason, Date>();
    reasons.set(reason, since);
    known.set(idOf(user), reasons);
    taken.add(idOf(user));
  };
  // A link is found when the later of the accounts signs up; from then on both carry it.
  const link = (members: UserRow[], reason: RiskReason) => {
    const since = new Date(Math.max(...members.map((user) => at(user.createdAt).getTime())));
    for (const user of members) flag(user, reason, since);
  };
  const free = (user: UserRow) => !taken.has(idOf(user));

  // 1. A visitorId shared by three accounts, one of which asked for the newest Pending reward.
  const target = newestFirst(redeems.filter((redeem) => redeem.status === 0))[0];
  const owner = target && userById.get(target.userId);
  if (target && owner) {
    const partners = byCreation
      .filter((user) => user !== owner && at(user.createdAt) < at(target.redeemDate))
      .slice(0, 2);
    if (partners.length > 0) {
      for (const partner of partners) partner.visitorId = owner.visitorId ?? null;
      link([owner, ...partners], "linked_visitor");
    }
  }

  // 2. Two accounts on one Android device: the later one reports the earlier one's advertising id.
  const withGaid = byCreation.filter((user) => free(user) && devicesOf(user).some((device) => device.gaid));
  const [first, second] = withGaid;
  const sharedGaid = first && devicesOf(first).find((device) => device.gaid)?.gaid;
  const secondDevice = second && devicesOf(second).find((device) => device.gaid);
  if (first && second && sharedGaid && secondDevice) {
    secondDevice.gaid = sharedGaid;
    link([first, second], "linked_device");
  }

  // 3. Two accounts from one sign-up IP; the later one's offers came from it too.
  const [earlier, later] = byCreation.filter(free);
  if (earlier && later) {
    later.ipSignup = earlier.ipSignup ?? null;
    for (const offer of offers) if (offer.userId === later.id) offer.ip = later.ipSignup;
    link([earlier, later], "linked_ip");
  }

  // 4. A VPN sign-up whose newest request (a Pending one if there is any) comes through a VPN abroad.
  const untaken = newestFirst(redeems.filter((redeem) => !taken.has(redeem.userId)));
  const vpnRedeem = untaken.find((redeem) => redeem.status === 0) ?? untaken[0];
  const vpnUser = vpnRedeem && userById.get(vpnRedeem.userId);
  if (vpnUser) flag(vpnUser, "vpn", at(vpnUser.createdAt));

  /** The user's reasons known at `when` (all of them without it), in the contract's order. */
  const reasonsAt = (user: UserRow, when?: Date): RiskReason[] => {
    const reasons = known.get(idOf(user)) ?? new Map<RiskReason, Date>();
    return riskReasons.filter((reason) => {
      const since = reasons.get(reason);
      return since !== undefined && (!when || since <= when);
    });
  };

  const screenings: ScreeningRow[] = [];
  const screening = (row: Omit<ScreeningRow, "id" | "adminId" | "status">) => {
    screenings.push({ id: v7({ msecs: at(row.createdAt).getTime() }), adminId, status: "screened", ...row });
  };
  for (const user of users) {
    user.riskReasons = reasonsAt(user);
    screening({
      userId: idOf(user),
      purpose: "signup",
      ip: user.ipSignup as string,
      country: user.geo ?? null,
      isVpn: user === vpnUser,
      createdAt: user.createdAt,
    });
  }
  for (const redeem of redeems) {
    const user = userById.get(redeem.userId) as UserRow;
    const throughVpn = redeem === vpnRedeem;
    redeem.ip = throughVpn ? vpnExit.ip : (user.ipSignup ?? null);
    redeem.ipCountry = throughVpn
      ? (vpnExit.countries.find((country) => country !== user.geo) ?? null)
      : (user.geo ?? null);
    const own: RiskReason[] = throughVpn ? ["vpn"] : [];
    if (redeem.ipCountry !== user.geo) own.push("country_mismatch");
    const reasons = new Set([...reasonsAt(user, at(redeem.redeemDate)), ...own]);
    redeem.riskReasons = riskReasons.filter((reason) => reasons.has(reason));
    screening({
      userId: idOf(user),
      redeemId: idOf(redeem),
      purpose: "redeem",
      ip: redeem.ip as string,
      country: redeem.ipCountry,
      isVpn: throughVpn,
      createdAt: redeem.redeemDate,
    });
  }
  return screenings;
}
