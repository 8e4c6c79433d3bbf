/**
 * An expected failure with the status it answers. Services throw it for rule violations (409, 403, 429…);
 * missing records are returned as null and turned into 404 by the route.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
