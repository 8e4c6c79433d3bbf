import { errorAnswerSchema, idParamsSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { appHeadersSchema, appInfoSchema, appKeyAnswerSchema } from "../resources/app-api.ts";
import {
  appSettingCreatedSchema,
  appSettingSchema,
  generalConfigBodySchema,
  generalConfigCreatedSchema,
  generalConfigSchema,
  identityFormSchema,
  mailBodySchema,
  mailConfigCreatedSchema,
  mailConfigSchema,
  mailTestAnswerSchema,
  mailTestBodySchema,
  pushBodySchema,
  pushConfigCreatedSchema,
  pushConfigSchema,
  socialBodySchema,
  socialConfigCreatedSchema,
  socialConfigSchema,
  socialParamsSchema,
} from "../resources/settings.ts";
import { adminIdParamsSchema } from "../resources/tenant-config.ts";

const tags = ["settings"] as const;
const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const readErrors = { ...errors, 403: errorAnswerSchema, 404: errorAnswerSchema };
const createErrors = { ...errors, 409: errorAnswerSchema };
const updateErrors = { ...errors, 404: errorAnswerSchema };
const identityWriteErrors = { ...createErrors, 413: errorAnswerSchema };
const multipart = ["multipart/form-data"] as const;

/**
 * The app's settings, one record each: its identity (multipart, with logo and favicon), the social
 * logins, Mailgun, the general config and push; the app key, and what the mobile app reads of them.
 */
export const settingsEndpoints = {
  identity: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/setting/:adminId",
    tags,
    summary: "The app's identity settings",
    params: adminIdParamsSchema,
    responses: {
      200: appSettingSchema,
      400: errorAnswerSchema,
      401: errorAnswerSchema,
      403: errorAnswerSchema,
    },
  }),
  createIdentity: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/",
    tags,
    summary: "Save the app's identity for the first time (multipart, with logo and favicon)",
    consumes: multipart,
    multipartBody: identityFormSchema,
    responses: { 200: appSettingCreatedSchema, ...identityWriteErrors },
  }),
  updateIdentity: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/setting/:id",
    tags,
    summary: "Update the app's identity (multipart, with logo and favicon)",
    consumes: multipart,
    multipartBody: identityFormSchema,
    params: idParamsSchema,
    responses: { 200: appSettingSchema, ...identityWriteErrors, 404: errorAnswerSchema },
  }),

  social: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/setting/social/:adminId/:name",
    tags,
    summary: "A social login config",
    params: socialParamsSchema,
    responses: { 200: socialConfigSchema, ...readErrors },
  }),
  createSocial: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/social/",
    tags,
    summary: "Save a social login config for the first time",
    body: socialBodySchema,
    responses: { 200: socialConfigCreatedSchema, ...createErrors },
  }),
  updateSocial: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/setting/social/:id",
    tags,
    summary: "Update a social login config",
    params: idParamsSchema,
    body: socialBodySchema,
    responses: { 200: socialConfigSchema, ...updateErrors },
  }),

  mail: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/setting/mailgun/:adminId",
    tags,
    summary: "The Mailgun config (API key masked)",
    params: adminIdParamsSchema,
    responses: { 200: mailConfigSchema, ...readErrors },
  }),
  createMail: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/mailgun/",
    tags,
    summary: "Save the Mailgun config for the first time",
    body: mailBodySchema,
    responses: { 200: mailConfigCreatedSchema, ...createErrors },
  }),
  testMail: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/mailgun/test",
    tags,
    summary: "Send a test e-mail through the saved Mailgun config",
    body: mailTestBodySchema,
    responses: { 200: mailTestAnswerSchema, ...errors, 502: errorAnswerSchema },
  }),
  updateMail: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/setting/mailgun/:id",
    tags,
    summary: "Update the Mailgun config",
    params: idParamsSchema,
    body: mailBodySchema,
    responses: { 200: mailConfigSchema, ...updateErrors },
  }),

  general: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/setting/settingconfig/:adminId",
    tags,
    summary: "The general config (defaults until saved)",
    params: adminIdParamsSchema,
    responses: { 200: generalConfigSchema, ...readErrors },
  }),
  createGeneral: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/settingconfig",
    tags,
    summary: "Save the general config for the first time",
    body: generalConfigBodySchema,
    responses: { 200: generalConfigCreatedSchema, ...createErrors },
  }),
  updateGeneral: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/setting/settingconfig/:id",
    tags,
    summary: "Update the general config",
    params: idParamsSchema,
    body: generalConfigBodySchema,
    responses: { 200: generalConfigSchema, ...updateErrors },
  }),

  push: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/setting/push/:adminId",
    tags,
    summary: "The push config (service-account key masked)",
    params: adminIdParamsSchema,
    responses: { 200: pushConfigSchema, ...readErrors },
  }),
  createPush: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/setting/push/",
    tags,
    summary: "Save the push config (a Firebase service-account key) for the first time",
    body: pushBodySchema,
    responses: { 200: pushConfigCreatedSchema, ...createErrors },
  }),
  updatePush: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/setting/push/:id",
    tags,
    summary: "Update the push config",
    params: idParamsSchema,
    body: pushBodySchema,
    responses: { 200: pushConfigSchema, ...updateErrors },
  }),

  appKey: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/app-key",
    tags: ["app"],
    summary: "My app's public key, sent by the app as the x-app-key header",
    responses: { 200: appKeyAnswerSchema, 401: errorAnswerSchema },
  }),
  appInfo: endpoint({
    method: "GET",
    permission: "appKey",
    path: "/app/v1/app",
    tags: ["app"],
    summary: "Public app settings: name, logo, point rules, social pages, native ads",
    headers: appHeadersSchema,
    responses: { 200: appInfoSchema, 401: errorAnswerSchema },
  }),
};
