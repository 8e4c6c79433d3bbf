import { crc32, deflateSync } from "node:zlib";
import { countryNameOf } from "@rewards/contract/country-list";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { countries, rewardItems, rewards } from "../db/schema/index.ts";
import { newId } from "../lib/ids.ts";
import { checkImage, saveUpload } from "../lib/uploads.ts";

/** Demo countries with their priority; Worldwide first. */
const demoCountries = [
  ["WW", 100],
  ["US", 90],
  ["GB", 80],
  ["DE", 70],
  ["IN", 60],
  ["BR", 50],
  ["CA", 40],
  ["FR", 30],
] as const;

/** Each demo reward with its icon's colour and its items (label, points). */
const demoRewards = [
  {
    name: "Amazon",
    color: [255, 153, 0],
    items: [
      ["$5", 5000],
      ["$10", 10000],
      ["$25", 25000],
    ],
  },
  {
    name: "PayPal",
    color: [0, 48, 135],
    items: [
      ["$5", 5200],
      ["$10", 10400],
    ],
  },
  {
    name: "Google Play",
    color: [52, 168, 83],
    items: [
      ["$10", 10000],
      ["$25", 25000],
    ],
  },
  {
    name: "Apple",
    color: [85, 85, 85],
    items: [
      ["$10", 10000],
      ["$50", 50000],
    ],
  },
  {
    name: "Steam",
    color: [23, 26, 33],
    items: [
      ["$20", 20000],
      ["$50", 50000],
    ],
  },
] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG of one colour (8-bit RGB), made in code so the repository holds no binary icons. */
export function solidPng(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.alloc(1 + size * 3); // filter byte 0, then the pixels
  for (let x = 0; x < size; x++) row.set([red, green, blue], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The demo reward catalog of one administrator: countries (Worldwide included), each with gift-card
 * rewards that have an icon (stored through the uploads module) and items. Adds nothing to an
 * administrator who already has countries.
 */
export async function seedDemoCatalog(db: Db, adminId: string) {
  const [existing] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.adminId, adminId))
    .limit(1);
  if (existing) return { countries: 0, rewards: 0, rewardItems: 0 };
  const icons = new Map(
    await Promise.all(
      demoRewards.map(
        async (reward) => [reward.name, await checkImage(solidPng(64, reward.color), "file")] as const,
      ),
    ),
  );
  let rewardCount = 0;
  let itemCount = 0;
  await db.transaction(async (tx) => {
    for (const [code, priority] of demoCountries) {
      const countryId = newId();
      const fullName = countryNameOf(code) ?? code;
      await tx.insert(countries).values({ id: countryId, adminId, code, fullName, priority });
      for (const [index, reward] of demoRewards.entries()) {
        const icon = icons.get(reward.name);
        const rewardId = newId();
        await tx.insert(rewards).values({
          id: rewardId,
          adminId,
          countryId,
          name: reward.name,
          order: demoRewards.length - index,
          iconUploadId: icon ? await saveUpload(tx, adminId, icon) : null,
        });
        rewardCount++;
        await tx
          .insert(rewardItems)
          .values(reward.items.map(([cost, points]) => ({ id: newId(), adminId, rewardId, cost, points })));
        itemCount += reward.items.length;
      }
    }
  });
  return { countries: demoCountries.length, rewards: rewardCount, rewardItems: itemCount };
}
