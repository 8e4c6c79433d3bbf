import type { FastifyRequest } from "fastify";

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export const bearerToken = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
