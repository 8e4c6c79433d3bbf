import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";

/** A deterministic uuid from a label and a number. */
const idOf = (label: string) => sql.raw(`md5('${label}' || i)::uuid`);

/**
 * One tenant's lists with many ties (a few dozen timestamps, a few points, payouts and costs), times on and
 * around hour boundaries, negative points, several networks, statuses, outcomes and actions, and e-mails
 * whose first characters fall in many text buckets (capitals, digits, punctuation, accents, CJK, an emoji,
 * one-letter prefixes beside longer ones). Written through the triggers, as live writes are.
 */
export async function seedLists(db: Db, adminId: string, label: string, scale = 1) {
  const n = (count: number) => Math.round(count * scale);
  await db.execute(sql`insert into admins (id, full_name, username, password_hash, role, status)
    values (${adminId}, ${label}, ${`${label}@deep.test`}, 'x', 'admin', 'active')`);
  await db.execute(sql`insert into app_users (id, admin_id, username, refer_code, points, is_active, created_at)
    select ${idOf(`${label}u`)}, ${adminId},
      (array['', 'a', 'ab', 'a.', 'B', 'b', 'Zoë', 'é', 'Élise', '0', '9x', '_', '名', '😀', 'z'])[1 + (i * 11) % 15]
        || 'user' || (i * 7) % 1000 || '-' || i || '@deep.test', ${label} || 'r' || i,
      case i % 9 when 0 then 0 when 1 then -5 when 2 then -300 when 3 then 127 when 4 then 128 when 5 then 50
        else (i * 7919) % 70000 end,
      i % 5 <> 0,
      timestamptz '2026-03-01 00:00:00+00' + (i % 37) * interval '20 minutes' + (i % 3) * interval '1 microsecond'
    from generate_series(1, ${n(350)}) as i`);
  await db.execute(sql`insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points, date)
    select ${idOf(`${label}o`)}, ${adminId}, md5(${`${label}u`} || (1 + i % ${n(350)}))::uuid,
      (array['cpxresearch', 'lootably', 'bitlabs'])[1 + i % 3], 'tx' || i, 'offer',
      case i % 6 when 0 then 0.05 when 1 then 1.2799 when 2 then 1.28 when 3 then 250.1234 else (i % 41) * 0.37 end,
      10, timestamptz '2026-03-01 00:00:00+00' + (i % 53) * interval '15 minutes'
    from generate_series(1, ${n(700)}) as i`);
  await db.execute(sql`insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost, status, risk_reasons, redeem_date)
    select ${idOf(`${label}r`)}, ${adminId}, md5(${`${label}u`} || (1 + i % ${n(350)}))::uuid, 'r' || i || '@deep.test', 'card', '5',
      (array[500, 1000, 1000, 2500, 20000])[1 + i % 5], i % 4,
      case when i % 3 = 0 then array['vpn'] else '{}'::text[] end,
      timestamptz '2026-03-01 00:00:00+00' + (i % 29) * interval '30 minutes'
    from generate_series(1, ${n(350)}) as i`);
  await db.execute(sql`insert into postback_log (id, admin_id, network, method, path, query, outcome, http_status, response, created_at)
    select ${idOf(`${label}p`)}, ${adminId}, (array['cpxresearch', 'lootably'])[1 + i % 2], 'GET', '/postback', '{}'::jsonb,
      (array['credited', 'duplicate', 'bad_signature'])[1 + i % 3], 200, 'ok',
      timestamptz '2026-03-01 00:00:00+00' + (i % 31) * interval '25 minutes'
    from generate_series(1, ${n(300)}) as i`);
  await db.execute(sql`insert into audit_log (id, admin_id, action, record_type, created_at)
    select ${idOf(`${label}a`)}, ${adminId}, (array['user.update', 'redeem.approve', 'offer.reverse'])[1 + i % 3], 'x',
      timestamptz '2026-03-01 00:00:00+00' + (i % 23) * interval '40 minutes'
    from generate_series(1, ${n(250)}) as i`);
}

/**
 * The position index as a read sees it: list_buckets' rows plus the moves not yet folded (each +1 in its
 * row's new buckets, -1 in its old ones), summed per key over the shards, those that are not zero.
 */
export async function indexRows(db: Db, adminId: string) {
  const result =
    (await db.execute(sql`select list, sort, filter, bucket::text as bucket, sum(rows)::int as rows from (
      select list, sort, filter, bucket, rows from list_buckets where admin_id = ${adminId}
      union all
      select c.list, s.sort, f.filter, s.bucket, 1 from list_position_changes as c,
        unnest('{""}' || c.sorts, 0 || c.new_buckets) as s(sort, bucket), unnest(c.new_filters) as f(filter)
        where c.new_admin_id = ${adminId}
      union all
      select c.list, s.sort, f.filter, s.bucket, -1 from list_position_changes as c,
        unnest('{""}' || c.sorts, 0 || c.old_buckets) as s(sort, bucket), unnest(c.old_filters) as f(filter)
        where c.old_admin_id = ${adminId}
    ) as rows group by 1, 2, 3, 4 having sum(rows) <> 0 order by 1, 2, 3, 4`)) as unknown as {
      rows: Array<{ list: string; sort: string; filter: string; bucket: string; rows: number }>;
    };
  return result.rows;
}
