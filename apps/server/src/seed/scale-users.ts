import { pick, type ScaleLoad } from "./scale-sql.ts";

// Names are put together from syllables (about 1,600 first and 16,000 last names), so e-mail addresses
// vary about as much as real ones do: a trigram index over a dozen names would be unrealistically poor.
const syllables = [
  "an",
  "be",
  "ca",
  "da",
  "el",
  "fa",
  "go",
  "ha",
  "is",
  "jo",
  "ka",
  "li",
  "ma",
  "ne",
  "ol",
  "pa",
  "qui",
  "ro",
  "sa",
  "ti",
  "ul",
  "va",
  "wi",
  "xa",
  "yo",
  "ze",
  "mar",
  "lin",
  "ser",
  "tor",
  "ben",
  "del",
  "kim",
  "lou",
  "nor",
  "ric",
  "sol",
  "tam",
  "vin",
  "zor",
];
const domains = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me", "web.de", "mail.ru"];
const deviceNames = ["Pixel 8", "Galaxy S23", "Redmi Note 12", "iPhone 14", "iPhone 15 Pro", "Moto G84"];

/**
 * App users in creation order (their ids are time-ordered, so the primary key only appends), and their
 * devices.
 */
export async function loadUsers(load: ScaleLoad) {
  const { run, g, admin, batch, seed, onProgress } = load;
  const { user, rand, hash, at } = g;
  for (let from = 1; from <= load.users; from += batch) {
    const to = Math.min(load.users, from + batch - 1);
    const n = "s.n";
    await run(`insert into app_users (id, admin_id, username, refer_code, referred_by, device, geo, ip_signup,
        visitor_id, points, is_active, is_verified, provision, created_at, updated_at)
      select ${user.id(n)}, ${admin},
        ${pick(syllables, `(${hash(n, 16)} & 65535)`)} || ${pick(syllables, `((${hash(n, 16)} >> 16) & 65535)`)} || '.' ||
          ${pick(syllables, `(${hash(n, 17)} & 65535)`)} || ${pick(syllables, `((${hash(n, 17)} >> 16) & 65535)`)} ||
          ${pick(syllables, `((${hash(n, 17)} >> 32) & 65535)`)} || ${n} || '@' || ${pick(domains, `(${hash(n, 9)} & 65535)`)},
        upper(lpad(to_hex((${n} * 2654435761) % 16777216), 6, '0')),
        case when ${user.referrer(n)} is not null then ${user.id(user.referrer(n))} end,
        ${user.device(n)},
        ${user.geo(n)}, ${user.ip(n)}, substr(md5('${seed}:' || ${n}), 1, 20), 0,
        ${rand(n, 11)} < 0.94, ${rand(n, 12)} < 0.7, 0, ${at(user.ms(n))}, ${at(user.ms(n))}
      from generate_series(${from}::bigint, ${to}::bigint) as s(n)`);
    // One device record per user, a second for three in ten.
    await run(`insert into app_user_devices (id, admin_id, user_id, device_name, bssid, gaid, locale, resolution,
        country_code, carrier_country, os_version, android_id, created_at)
      select ${g.randomTimeId(`${user.ms(n)} + d.k`)}, ${admin}, ${user.id(n)},
        ${pick(deviceNames, `(${hash(n, 13)} & 65535) + d.k`)},
        substr(md5('b' || ${n} || d.k), 1, 12), md5('g' || ${n} || d.k)::uuid::text,
        'en_' || ${user.geo(n)}, '1080x2340', ${user.geo(n)}, lower(${user.geo(n)}),
        'Android ' || (10 + (${hash(n, 14)} & 5))::text, substr(md5('a' || ${n} || d.k), 1, 16), ${at(user.ms(n))}
      from generate_series(${from}::bigint, ${to}::bigint) as s(n)
      cross join lateral generate_series(1, case when ${rand(n, 15)} < 0.3 then 2 else 1 end) as d(k)`);
    onProgress({ kind: "rows", phase: "users", done: to });
  }
}
