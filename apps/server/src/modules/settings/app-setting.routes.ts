import { identityFieldsSchema, identityImageFields, messages, settingsEndpoints } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { readImagePart } from "../../lib/uploads.ts";
import { parseOrThrow } from "../../lib/validation.ts";
import { readMultipartParts } from "../../plugins/multipart.ts";
import { actorOf, ownAppId } from "../../plugins/require-admin.ts";
import {
  createAppSetting,
  getAppSetting,
  type IdentityImages,
  updateAppSetting,
} from "./app-setting.service.ts";

const isImageField = (name: string): name is (typeof identityImageFields)[number] =>
  (identityImageFields as readonly string[]).includes(name);

/** The Identity form arrives as multipart: text fields plus the logo and favicon files. */
async function readIdentityForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const images: IdentityImages = {};
  await readMultipartParts(request, messages.formUnreadable, async (part) => {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
    } else if (isImageField(part.fieldname) && part.filename !== "") {
      images[part.fieldname] = await readImagePart(part);
    } else {
      // An unknown file field, or an empty file input: drain it so the form keeps streaming.
      await part.toBuffer();
    }
  });
  return { fields: parseOrThrow(identityFieldsSchema, fields), images };
}

/** The app's identity. A body adminId is ignored like every other unknown field. */
export async function appSettingRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, settingsEndpoints.identity, async (request) =>
    getAppSetting(db, ownAppId(request, request.params.adminId)),
  );

  route(app, settingsEndpoints.createIdentity, async (request) => {
    const actor = actorOf(request);
    const { fields, images } = await readIdentityForm(request);
    return { setting: await createAppSetting(db, actor, fields, images) };
  });

  route(app, settingsEndpoints.updateIdentity, async (request) => {
    const actor = actorOf(request);
    const { fields, images } = await readIdentityForm(request);
    return found(await updateAppSetting(db, actor, request.params.id, fields, images));
  });
}
