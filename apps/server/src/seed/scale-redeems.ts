import { type ScaleLoad, textArray, timed } from "./scale-sql.ts";

const giftCards = [
  ["PayPal", "$1", 1000],
  ["Amazon Gift Card", "$2", 2000],
  ["Google Play", "$3", 3000],
  ["Amazon Gift Card", "$5", 5000],
  ["Amazon Gift Card", "$10", 10000],
  ["PayPal", "$5", 5200],
  ["Google Play", "$10", 10000],
  ["Apple Gift Card", "$10", 10000],
  ["Steam Wallet", "$20", 20000],
] as const;
const cheapestCard = 1000;

/**
 * Redeems only by users who earned enough: each user's k-th request is affordable with the ones before
 * it, so no balance goes below zero. Then the wanted number, spread over users by a hash, and numbered by
 * date, so they are stored in the order they came in (as real ones are). Answers how many were made.
 * Leaves the temporary table scale_earned (each user's earnings) for the balances.
 */
export async function loadRedeems(load: ScaleLoad): Promise<number> {
  const { run, count, g, admin, batch, nowMs, onProgress } = load;
  const { rand, hash, at } = g;
  await timed("chose the redeeming users", onProgress, async () => {
    await run(`create temp table scale_earned on commit drop as
      select user_id, sum(amount)::bigint as earned from points_ledger where admin_id = ${admin} group by user_id`);
    await run(`create temp table scale_redeems on commit drop as
      select row_number() over (order by chosen.ms) as k, chosen.* from (
      select c.*, (c.created_ms + ${rand("c.h", 42)} * (${nowMs - 120_000} - c.created_ms))::bigint as ms from (
        select e.user_id, u.username, u.ip_signup, u.geo, extract(epoch from u.created_at) * 1000 as created_ms,
          j.j, j.card, j.h, sum(j.cost) over (partition by e.user_id order by j.j) as spent, e.earned
        from scale_earned e join app_users u on u.id = e.user_id
        cross join lateral (
          select j, card, (${textArray(giftCards.map((c) => String(c[2])))})[card]::int as cost, ${hash("hashtext(e.user_id::text)::bigint * 64 + j", 40)} as h
          from (select j, 1 + ((${hash("hashtext(e.user_id::text)::bigint * 64 + j", 41)} & 65535) % ${giftCards.length})::int as card
                from generate_series(1, least(8, e.earned / ${cheapestCard})::int) as j) as x
        ) as j
      ) as c where c.spent <= c.earned
      order by c.h limit ${load.redeems}) as chosen`);
    // Each batch reads its range of k: without an index every batch would scan the whole table.
    await run("create index on scale_redeems (k)");
    await run("analyze scale_redeems");
  });
  const redeemCount = await count("select count(*) from scale_redeems");
  for (let from = 1; from <= redeemCount; from += batch) {
    const to = Math.min(redeemCount, from + batch - 1);
    await run(`with shaped as (
        select k, r.user_id, r.username, r.ip_signup, r.geo, r.card, r.ms,
          case when ${rand("k", 43)} < 0.7 then 1 when ${rand("k", 44)} < 0.65 then 0 else 2 end as status
        from scale_redeems r where k between ${from} and ${to} offset 0
      ), inserted as (
        insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost, redeem_date,
          status, code, subject, paid_by_admin_id, paid_at, ip, ip_country, updated_at)
        select ${g.timeId("ms", "k", 50)}, ${admin}, user_id, username,
          (${textArray(giftCards.map((c) => c[0]))})[card], (${textArray(giftCards.map((c) => c[1]))})[card],
          (${textArray(giftCards.map((c) => String(c[2])))})[card]::int, ${at("ms")}, status,
          case when status = 1 then upper(substr(md5('code' || k), 1, 16)) end,
          case when status = 1 then 'Your reward is here' end,
          case when status = 1 then ${admin} end,
          case when status = 1 then ${at("ms + 3600000")} end,
          ip_signup, geo, ${at("ms + 3600000")}
        from shaped
        returning id, user_id, reward_cost, status, redeem_date, updated_at
      )
      insert into points_ledger (id, admin_id, user_id, amount, reason, reference_id, created_at)
      select ${g.randomTimeId("extract(epoch from m.at) * 1000")}, ${admin}, i.user_id, m.amount, m.reason, i.id, m.at
      from inserted i cross join lateral (values
        (-i.reward_cost, 'redeem', i.redeem_date),
        (i.reward_cost, 'redeem_refund', i.updated_at)
      ) as m(amount, reason, at)
      where m.reason = 'redeem' or i.status = 2`);
    onProgress({ kind: "rows", phase: "redeems", done: to });
  }
  return redeemCount;
}
