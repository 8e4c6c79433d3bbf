import type { Message } from "@rewards/contract";

/**
 * An expected failure with the status it answers. Services throw it for rule violations (409, 403, 429…);
 * missing records are returned as null and turned into 404 by the route.
 */
export class AppError extends Error {
  declare readonly message: Message;

  constructor(
    readonly statusCode: number,
    message: Message,
    readonly fieldErrors?: Record<string, Message>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
