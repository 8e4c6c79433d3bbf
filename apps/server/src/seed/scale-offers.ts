import { offerNetworks } from "@rewards/contract";
import { pick, type ScaleLoad } from "./scale-sql.ts";

// The demo's figures (General Config defaults, decision 0015): ratio 1000, a 50% network share, and
// referrers get 25%.
const pointsPerDollar = 500;
const referralShare = 0.25;
const offerNames = [
  "Install Raid: Shadow Legends and reach level 10",
  "Complete a 5-minute survey",
  "Sign up for a free trial of StreamPlus",
  "Play Coin Master until village 5",
  "Download and open the TikTok app",
  "Reach level 20 in Merge Dragons",
  "Watch 3 videos",
  "Complete the daily profiler",
];

/**
 * Offers over the history after the first user, in date order, with their ledger rows; each goes to a
 * user who existed then (the square root leans towards recent users, so old ones do not take every offer).
 */
export async function loadOffers(load: ScaleLoad) {
  const { run, g, admin, batch, nowMs, onProgress } = load;
  const { user, rand, hash, at } = g;
  const firstOfferMs = g.startMs + g.userStep;
  const offerSpan = nowMs - 60_000 - firstOfferMs;
  for (let from = 1; from <= load.offers; from += batch) {
    const to = Math.min(load.offers, from + batch - 1);
    await run(`with picked as (
        select o, ms, 1 + floor(sqrt(${rand("o", 22)}) * ${g.maxUserAt("ms")})::bigint as u
        from (select o, ${firstOfferMs}::bigint + floor((o - 1 + ${rand("o", 21)}) * ${offerSpan / Math.max(load.offers, 1)})::bigint as ms
              from generate_series(${from}::bigint, ${to}::bigint) as o offset 0) as t
        offset 0
      ), shaped as (
        select o, ms, u, ${user.referrer("u")} as r,
          round((0.05 + ${rand("o", 24)} * 4.45)::numeric, 4) as payout,
          ${rand("o", 25)} < 0.04 as reversed
        from picked offset 0
      ), offers as (
        insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points,
          ip, geo, status, referrer_id, referral_points, date, platform)
        select ${g.timeId("ms", "o", 30)}, ${admin}, ${user.id("u")}, ${pick(offerNetworks, `(${hash("o", 23)} & 65535)`)},
          'scale-' || o, ${pick(offerNames, `(${hash("o", 26)} & 65535)`)}, payout, round(payout * ${pointsPerDollar})::int,
          ${user.ip("u")}, ${user.geo("u")}, case when reversed then 'reversed' else 'credited' end,
          case when r is not null then ${user.id("r")} end,
          case when r is not null then round(round(payout * ${pointsPerDollar}) * ${referralShare})::int else 0 end,
          ${at("ms")}, ${user.device("u")}
        from shaped
        returning id, user_id, points, referrer_id, referral_points, status, date
      )
      insert into points_ledger (id, admin_id, user_id, amount, reason, reference_id, created_at)
      select ${g.randomTimeId("extract(epoch from m.at) * 1000")}, ${admin}, m.user_id, m.amount, m.reason, offers.id, m.at
      from offers cross join lateral (values
        (offers.user_id, offers.points, 'offer', offers.date),
        (offers.referrer_id, offers.referral_points, 'referral', offers.date),
        (offers.user_id, -offers.points, 'offer_reversal', least(offers.date + interval '1 day', ${at(String(nowMs))})),
        (offers.referrer_id, -offers.referral_points, 'referral_reversal', least(offers.date + interval '1 day', ${at(String(nowMs))}))
      ) as m(user_id, amount, reason, at)
      where m.user_id is not null and m.amount <> 0
        and (m.reason in ('offer', 'referral') or offers.status = 'reversed')`);
    onProgress({ kind: "rows", phase: "offers", done: to });
  }
}
