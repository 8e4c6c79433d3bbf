import { createHash, randomUUID } from "node:crypto";
import type { MultipartFile } from "@fastify/multipart";
import { maxUploadBytes, messages } from "@rewards/contract";
import { and, eq, inArray } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../db/client.ts";
import { uploads } from "../db/schema/index.ts";
import { AppError } from "./errors.ts";

/** Raster images only (decision 0006); SVG is refused since it can carry script. */
export const rasterTypes: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/x-icon",
]);

export type Image = { content: Buffer; contentType: string };

/** Database handle or transaction: both run the same queries. */
type Queryable = Pick<Db, "insert" | "delete" | "select">;

/** The image's type read from its bytes, never from its name or the browser's claim. */
export async function checkImage(content: Buffer, field: string): Promise<Image> {
  if (content.length > maxUploadBytes)
    throw new AppError(413, messages.imageTooLarge, { [field]: messages.imageTooLarge });
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !rasterTypes.has(detected.mime)) {
    throw new AppError(400, messages.imageType, { [field]: messages.imageType });
  }
  return { content, contentType: detected.mime };
}

/** Reads one multipart file whole, answering 413 past the size limit instead of truncating it. */
export async function readImagePart(part: MultipartFile): Promise<Image> {
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, messages.imageTooLarge, { [part.fieldname]: messages.imageTooLarge });
    }
    throw error;
  }
  return checkImage(content, part.fieldname);
}

export async function saveUpload(db: Queryable, adminId: string, image: Image): Promise<string> {
  const id = randomUUID();
  await db.insert(uploads).values({
    id,
    adminId,
    content: image.content,
    contentType: image.contentType,
    size: image.content.length,
    sha256: createHash("sha256").update(image.content).digest("hex"),
  });
  return id;
}

/** A replaced or deleted image's content goes with it (decision 0006). */
export async function deleteUpload(db: Queryable, adminId: string, id: string | null | undefined) {
  if (!id) return;
  await db.delete(uploads).where(and(eq(uploads.adminId, adminId), eq(uploads.id, id)));
}

/** Several images' content at once, e.g. the icons of deleted rewards; ids that are null are skipped. */
export async function deleteUploads(db: Queryable, adminId: string, ids: readonly (string | null)[]) {
  const present = ids.filter((id): id is string => id !== null);
  if (present.length === 0) return;
  await db.delete(uploads).where(and(eq(uploads.adminId, adminId), inArray(uploads.id, present)));
}

export async function getUpload(db: Db, id: string) {
  const [row] = await db
    .select({ content: uploads.content, contentType: uploads.contentType, sha256: uploads.sha256 })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row ?? null;
}

/** The public address of an upload, relative to the server (served by modules/uploads). */
export const uploadUrl = (id: string | null): string | null => (id ? `/uploads/${id}` : null);
