import {
  type AppKeyAnswer,
  appKeyHeader,
  messages,
  type SocialName,
  settingsEndpoints,
  socialNames,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentApp, memberLanguage, ownAppId } from "../../plugins/require-admin.ts";
import { createGeneralConfig, getGeneralConfig, updateGeneralConfig } from "./general-config.service.ts";
import { createMailConfig, getMailConfig, sendTestMail, updateMailConfig } from "./mail.service.ts";
import { createPushConfig, getPushConfig, updatePushConfig } from "./push.service.ts";
import {
  listRewardMailTemplates,
  resetRewardMailTemplate,
  saveRewardMailTemplate,
} from "./reward-mail.service.ts";
import { createSocialConfig, getSocialConfig, updateSocialConfig } from "./social.service.ts";

const isSocialName = (name: string): name is SocialName => (socialNames as readonly string[]).includes(name);

/**
 * Social logins, Mailgun, the general config and push, one record each; the gift-card e-mail per
 * language; and the app key.
 */
export async function settingsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  route(app, settingsEndpoints.social, async (request) => {
    const adminId = ownAppId(request, request.params.adminId);
    if (!isSocialName(request.params.name)) throw new AppError(404, messages.unknownSocial);
    return getSocialConfig(db, adminId, request.params.name);
  });
  route(app, settingsEndpoints.createSocial, async (request) => ({
    socialconfig: await createSocialConfig(db, actorOf(request), request.body),
  }));
  route(app, settingsEndpoints.updateSocial, async (request) =>
    found(await updateSocialConfig(db, actorOf(request), request.params.id, request.body)),
  );

  route(app, settingsEndpoints.mail, async (request) =>
    getMailConfig(db, ownAppId(request, request.params.adminId)),
  );
  route(app, settingsEndpoints.createMail, async (request) => ({
    mailconfig: await createMailConfig(db, actorOf(request), request.body),
  }));
  route(app, settingsEndpoints.testMail, async (request) =>
    sendTestMail(
      db,
      actorOf(request),
      { to: request.body.to, language: memberLanguage(request) },
      {
        baseUrl: config.mailgunBaseUrl,
        timeoutMs: config.outboundTimeoutMs,
      },
    ),
  );
  route(app, settingsEndpoints.updateMail, async (request) =>
    found(await updateMailConfig(db, actorOf(request), request.params.id, request.body)),
  );

  route(app, settingsEndpoints.rewardMail, async (request) =>
    listRewardMailTemplates(db, ownAppId(request, request.params.adminId)),
  );
  route(app, settingsEndpoints.saveRewardMail, async (request) => {
    ownAppId(request, request.params.adminId);
    return saveRewardMailTemplate(db, actorOf(request), request.params.language, request.body);
  });
  route(app, settingsEndpoints.resetRewardMail, async (request) => {
    ownAppId(request, request.params.adminId);
    return resetRewardMailTemplate(db, actorOf(request), request.params.language);
  });

  route(app, settingsEndpoints.general, async (request) =>
    getGeneralConfig(db, ownAppId(request, request.params.adminId)),
  );
  route(app, settingsEndpoints.createGeneral, async (request) => ({
    settingconfig: await createGeneralConfig(db, actorOf(request), request.body),
  }));
  route(app, settingsEndpoints.updateGeneral, async (request) =>
    found(await updateGeneralConfig(db, actorOf(request), request.params.id, request.body)),
  );

  route(app, settingsEndpoints.push, async (request) =>
    getPushConfig(db, ownAppId(request, request.params.adminId)),
  );
  route(app, settingsEndpoints.createPush, async (request) => ({
    pushconfig: await createPushConfig(db, actorOf(request), request.body, config.fcmTokenOrigin),
  }));
  route(app, settingsEndpoints.updatePush, async (request) =>
    found(
      await updatePushConfig(db, actorOf(request), request.params.id, request.body, config.fcmTokenOrigin),
    ),
  );

  // The signed-in administrator's app key, to build into their mobile app.
  route(
    app,
    settingsEndpoints.appKey,
    async (request): Promise<AppKeyAnswer> => ({
      appKey: currentApp(request).appKey,
      header: appKeyHeader,
    }),
  );
}
