import {
  adminIdParamsSchema,
  appSettingCreatedSchema,
  appSettingSchema,
  errorAnswerSchema,
  identityFieldsSchema,
  identityImageFields,
  idParamsSchema,
  messages,
} from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found, ownAdminId } from "../../lib/tenant-scope.ts";
import { readImagePart } from "../../lib/uploads.ts";
import { parseOrThrow } from "../../lib/validation.ts";
import { readMultipartParts } from "../../plugins/multipart.ts";
import { multipartForm } from "../../plugins/openapi.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  createAppSetting,
  getAppSetting,
  type IdentityImages,
  updateAppSetting,
} from "./app-setting.service.ts";

const writeErrors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  409: errorAnswerSchema,
  413: errorAnswerSchema,
};
const identityForm = multipartForm(
  identityFieldsSchema,
  Object.fromEntries(
    identityImageFields.map((name) => [
      name,
      { required: false, description: `The ${name}: PNG, JPEG, WebP, GIF or ICO, at most 2 MB` },
    ]),
  ),
);
const isImageField = (name: string): name is (typeof identityImageFields)[number] =>
  (identityImageFields as readonly string[]).includes(name);

/** The Identity form arrives as multipart (SPEC 7): text fields plus the logo and favicon files. */
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

/** SPEC 7 "Settings": the app's identity. A body adminId is ignored like every other unknown field. */
export async function appSettingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/setting/:adminId",
    {
      schema: {
        tags: ["settings"],
        summary: "The app's identity settings",
        params: adminIdParamsSchema,
        response: {
          200: appSettingSchema,
          400: errorAnswerSchema,
          401: errorAnswerSchema,
          403: errorAnswerSchema,
        },
      },
    },
    async (request) => getAppSetting(db, ownAdminId(request, request.params.adminId)),
  );

  api.post(
    "/setting/",
    {
      schema: {
        tags: ["settings"],
        summary: "Save the app's identity for the first time (multipart, with logo and favicon)",
        consumes: ["multipart/form-data"],
        multipartBody: identityForm,
        response: { 200: appSettingCreatedSchema, ...writeErrors },
      },
    },
    async (request) => {
      const adminId = currentAdmin(request).id;
      const { fields, images } = await readIdentityForm(request);
      return { setting: await createAppSetting(db, adminId, fields, images) };
    },
  );

  api.put(
    "/setting/:id",
    {
      schema: {
        tags: ["settings"],
        summary: "Update the app's identity (multipart, with logo and favicon)",
        consumes: ["multipart/form-data"],
        multipartBody: identityForm,
        params: idParamsSchema,
        response: { 200: appSettingSchema, ...writeErrors, 404: errorAnswerSchema },
      },
    },
    async (request) => {
      const adminId = currentAdmin(request).id;
      const { fields, images } = await readIdentityForm(request);
      return found(await updateAppSetting(db, adminId, request.params.id, fields, images));
    },
  );
}
