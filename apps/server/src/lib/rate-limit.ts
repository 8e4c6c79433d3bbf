import { messages } from "@rewards/contract";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors.ts";

export type Limit = { points: number; durationSeconds: number };

/** Guards for sign-in and recovery. In memory: they are a guard, not a record (DECISIONS "Start-up"). */
export type RateLimits = {
  loginPerIp: Limit;
  loginFailuresPerEmail: Limit;
  registerPerIp: Limit;
  recoverPerIp: Limit;
  recoverPerEmail: Limit;
  /** The mobile app's sign-up and sign-in (/app/v1), per IP and per device id (GAID or Android id). */
  appSignUpPerIp: Limit;
  appSignUpPerDevice: Limit;
  appSignInPerIp: Limit;
  appSignInPerDevice: Limit;
};

export const defaultRateLimits: RateLimits = {
  loginPerIp: { points: 60, durationSeconds: 15 * 60 },
  loginFailuresPerEmail: { points: 10, durationSeconds: 15 * 60 },
  registerPerIp: { points: 20, durationSeconds: 60 * 60 },
  recoverPerIp: { points: 20, durationSeconds: 60 * 60 },
  recoverPerEmail: { points: 5, durationSeconds: 60 * 60 },
  // Carriers put many phones behind one address, so the per-IP limits leave room for a crowd.
  appSignUpPerIp: { points: 30, durationSeconds: 60 * 60 },
  appSignUpPerDevice: { points: 3, durationSeconds: 24 * 60 * 60 },
  appSignInPerIp: { points: 120, durationSeconds: 15 * 60 },
  appSignInPerDevice: { points: 20, durationSeconds: 15 * 60 },
};

function tooMany(msBeforeNext: number): AppError {
  return new AppError(429, messages.tooManyRequests, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });
}

export type Guard = ReturnType<typeof createGuard>;

export function createGuard(limit: Limit) {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds });
  return {
    /** Counts one attempt; throws 429 past the limit. */
    async hit(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (result) {
        if (result instanceof RateLimiterRes) throw tooMany(result.msBeforeNext);
        throw result;
      }
    },
    /** Throws 429 when the limit is already used up, without counting. */
    async check(key: string): Promise<void> {
      const result = await limiter.get(key);
      if (result && result.remainingPoints <= 0) throw tooMany(result.msBeforeNext);
    },
    async clear(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

export function createGuards(limits: RateLimits) {
  return {
    loginPerIp: createGuard(limits.loginPerIp),
    loginFailuresPerEmail: createGuard(limits.loginFailuresPerEmail),
    registerPerIp: createGuard(limits.registerPerIp),
    recoverPerIp: createGuard(limits.recoverPerIp),
    recoverPerEmail: createGuard(limits.recoverPerEmail),
    appSignUpPerIp: createGuard(limits.appSignUpPerIp),
    appSignUpPerDevice: createGuard(limits.appSignUpPerDevice),
    appSignInPerIp: createGuard(limits.appSignInPerIp),
    appSignInPerDevice: createGuard(limits.appSignInPerDevice),
  };
}
export type Guards = ReturnType<typeof createGuards>;
