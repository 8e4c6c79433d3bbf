import {
  adminIdParamsSchema,
  errorAnswerSchema,
  generalConfigBodySchema,
  generalConfigCreatedSchema,
  generalConfigSchema,
  idParamsSchema,
  mailBodySchema,
  mailConfigCreatedSchema,
  mailConfigSchema,
  mailTestAnswerSchema,
  mailTestBodySchema,
  messages,
  pushBodySchema,
  pushConfigCreatedSchema,
  pushConfigSchema,
  type SocialName,
  socialBodySchema,
  socialConfigCreatedSchema,
  socialConfigSchema,
  socialNames,
  socialParamsSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { found, ownAdminId } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { createGeneralConfig, getGeneralConfig, updateGeneralConfig } from "./general-config.service.ts";
import { createMailConfig, getMailConfig, sendTestMail, updateMailConfig } from "./mail.service.ts";
import { createPushConfig, getPushConfig, updatePushConfig } from "./push.service.ts";
import { createSocialConfig, getSocialConfig, updateSocialConfig } from "./social.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const readErrors = { ...errors, 403: errorAnswerSchema, 404: errorAnswerSchema };
const createErrors = { ...errors, 409: errorAnswerSchema };
const updateErrors = { ...errors, 404: errorAnswerSchema };
const isSocialName = (name: string): name is SocialName => (socialNames as readonly string[]).includes(name);

/** SPEC 7 "Settings": social logins, Mailgun, general config, and Push (DECISIONS), one record each. */
export async function settingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ["settings"];

  api.get(
    "/setting/social/:adminId/:name",
    {
      schema: {
        tags,
        summary: "A social login config",
        params: socialParamsSchema,
        response: { 200: socialConfigSchema, ...readErrors },
      },
    },
    async (request) => {
      const adminId = ownAdminId(request, request.params.adminId);
      if (!isSocialName(request.params.name)) throw new AppError(404, messages.unknownSocial);
      return getSocialConfig(db, adminId, request.params.name);
    },
  );
  api.post(
    "/setting/social/",
    {
      schema: {
        tags,
        summary: "Save a social login config for the first time",
        body: socialBodySchema,
        response: { 200: socialConfigCreatedSchema, ...createErrors },
      },
    },
    async (request) => ({
      socialconfig: await createSocialConfig(db, currentAdmin(request).id, request.body),
    }),
  );
  api.put(
    "/setting/social/:id",
    {
      schema: {
        tags,
        summary: "Update a social login config",
        params: idParamsSchema,
        body: socialBodySchema,
        response: { 200: socialConfigSchema, ...updateErrors },
      },
    },
    async (request) =>
      found(await updateSocialConfig(db, currentAdmin(request).id, request.params.id, request.body)),
  );

  api.get(
    "/setting/mailgun/:adminId",
    {
      schema: {
        tags,
        summary: "The Mailgun config (API key masked)",
        params: adminIdParamsSchema,
        response: { 200: mailConfigSchema, ...readErrors },
      },
    },
    async (request) => getMailConfig(db, ownAdminId(request, request.params.adminId)),
  );
  api.post(
    "/setting/mailgun/",
    {
      schema: {
        tags,
        summary: "Save the Mailgun config for the first time",
        body: mailBodySchema,
        response: { 200: mailConfigCreatedSchema, ...createErrors },
      },
    },
    async (request) => ({ mailconfig: await createMailConfig(db, currentAdmin(request).id, request.body) }),
  );
  api.post(
    "/setting/mailgun/test",
    {
      schema: {
        tags,
        summary: "Send a test e-mail through the saved Mailgun config",
        body: mailTestBodySchema,
        response: { 200: mailTestAnswerSchema, ...errors, 502: errorAnswerSchema },
      },
    },
    async (request) =>
      sendTestMail(db, currentAdmin(request).id, request.body.to, {
        baseUrl: config.mailgunBaseUrl,
        timeoutMs: config.outboundTimeoutMs,
      }),
  );
  api.put(
    "/setting/mailgun/:id",
    {
      schema: {
        tags,
        summary: "Update the Mailgun config",
        params: idParamsSchema,
        body: mailBodySchema,
        response: { 200: mailConfigSchema, ...updateErrors },
      },
    },
    async (request) =>
      found(await updateMailConfig(db, currentAdmin(request).id, request.params.id, request.body)),
  );

  api.get(
    "/setting/settingconfig/:adminId",
    {
      schema: {
        tags,
        summary: "The general config (defaults until saved)",
        params: adminIdParamsSchema,
        response: { 200: generalConfigSchema, ...readErrors },
      },
    },
    async (request) => getGeneralConfig(db, ownAdminId(request, request.params.adminId)),
  );
  api.post(
    "/setting/settingconfig",
    {
      schema: {
        tags,
        summary: "Save the general config for the first time",
        body: generalConfigBodySchema,
        response: { 200: generalConfigCreatedSchema, ...createErrors },
      },
    },
    async (request) => ({
      settingconfig: await createGeneralConfig(db, currentAdmin(request).id, request.body),
    }),
  );
  api.put(
    "/setting/settingconfig/:id",
    {
      schema: {
        tags,
        summary: "Update the general config",
        params: idParamsSchema,
        body: generalConfigBodySchema,
        response: { 200: generalConfigSchema, ...updateErrors },
      },
    },
    async (request) =>
      found(await updateGeneralConfig(db, currentAdmin(request).id, request.params.id, request.body)),
  );

  api.get(
    "/setting/push/:adminId",
    {
      schema: {
        tags,
        summary: "The push config (service-account key masked)",
        params: adminIdParamsSchema,
        response: { 200: pushConfigSchema, ...readErrors },
      },
    },
    async (request) => getPushConfig(db, ownAdminId(request, request.params.adminId)),
  );
  api.post(
    "/setting/push/",
    {
      schema: {
        tags,
        summary: "Save the push config (a Firebase service-account key) for the first time",
        body: pushBodySchema,
        response: { 200: pushConfigCreatedSchema, ...createErrors },
      },
    },
    async (request) => ({
      pushconfig: await createPushConfig(db, currentAdmin(request).id, request.body, config.fcmTokenOrigin),
    }),
  );
  api.put(
    "/setting/push/:id",
    {
      schema: {
        tags,
        summary: "Update the push config",
        params: idParamsSchema,
        body: pushBodySchema,
        response: { 200: pushConfigSchema, ...updateErrors },
      },
    },
    async (request) =>
      found(
        await updatePushConfig(
          db,
          currentAdmin(request).id,
          request.params.id,
          request.body,
          config.fcmTokenOrigin,
        ),
      ),
  );
}
