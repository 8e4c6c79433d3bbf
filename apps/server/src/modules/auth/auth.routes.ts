import { authEndpoints, messages } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { countSignInAttempt, type Guards } from "../../lib/rate-limit.ts";
import { route } from "../../lib/route.ts";
import type { AuthService } from "./auth.service.ts";
import { clientOf } from "./sessions.ts";

/** The signed-out calls: sign-in (both steps), registration and a forgotten password. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AuthService; guards: Guards },
) {
  route(app, authEndpoints.login, async (request) => {
    const { username, password } = request.body;
    // Counted before the password is checked, so concurrent guesses cannot slip past the limits.
    const attempt = await countSignInAttempt(
      {
        perIp: guards.loginPerIp,
        perAccountIp: guards.loginFailuresPerAccountIp,
        perAccount: guards.loginFailuresPerAccount,
      },
      { account: username, ip: request.ip },
    );
    const answer = await auth.login({ username, password }, clientOf(request));
    if (!answer) throw new AppError(401, messages.loginIncorrect);
    await attempt.succeeded();
    return answer;
  });

  route(app, authEndpoints.loginMfa, async (request) => {
    const { mfaToken, code } = request.body;
    const admin = await auth.mfaChallenge(mfaToken);
    if (!admin) throw new AppError(401, messages.mfaTokenInvalid);
    // Counted before the code is checked, like passwords: the account has a million codes to guess.
    const attempt = await countSignInAttempt(
      { perIp: guards.mfaCodePerIp, perAccount: guards.mfaCodeFailuresPerAccount },
      { account: admin.id, ip: request.ip },
    );
    if (!(await auth.mfa.useCode(admin.id, code))) {
      throw new AppError(401, messages.mfaCodeWrong, { code: messages.mfaCodeWrong });
    }
    await attempt.succeeded();
    return { accessToken: await auth.finishMfaLogin(admin, clientOf(request)) };
  });

  route(app, authEndpoints.register, async (request) => {
    await guards.registerPerIp.hit(request.ip);
    return auth.register(request.body, clientOf(request));
  });

  route(app, authEndpoints.recover, async (request) => {
    const { email } = request.body;
    await guards.recoverPerIp.hit(request.ip);
    await guards.recoverPerEmail.hit(email);
    const sent = await auth.recover(email, request.headers["accept-language"]);
    if (!sent) throw new AppError(404, messages.notFoundEmail(email));
    return { message: messages.recoverSent };
  });

  route(app, authEndpoints.checkResetToken, async (request) => {
    const problem = await auth.checkResetToken(request.params.token);
    return problem ? { message: problem } : {};
  });

  route(app, authEndpoints.resetPassword, async (request) => {
    await auth.resetPassword(request.params.token, request.body.password);
    return { message: messages.resetDone };
  });
}
