import { type Endpoint, exportEndpoints, messages, systemEndpoints } from "@rewards/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestAdmission } from "../lib/request-admission.ts";
import { errorAnswer } from "./error-handler.ts";

/**
 * Not queued: health and metrics must answer while the process is busy, uploaded files read no database,
 * and an export streams for as long as its client reads (its batches take the pool's turns like a call's).
 */
const unqueued = new Set<Endpoint>([...Object.values(systemEndpoints), ...Object.values(exportEndpoints)]);

const releaseOf = Symbol("release admission");
const afterBody = Symbol("admitted after its body");
type Admitted = FastifyRequest & { [releaseOf]?: () => void; [afterBody]?: true };

/**
 * Every call of the contract (but those above, and multipart uploads) waits for its turn in `admission`
 * before its work starts. A call without a body waits first thing; one with a body once the body is in,
 * so a client that sends its body slowly holds no place while it does. A call that waited too long
 * answers 503 with `Retry-After`. The place is given back when the answer is sent or the connection
 * closes.
 */
export function registerRequestAdmission(app: FastifyInstance, admission: RequestAdmission) {
  /** When a request waits for its turn, decided once as it comes in: not at all, at once, or after its body. */
  const turnOf = (request: FastifyRequest): "none" | "now" | "afterBody" => {
    const endpoint = (request.routeOptions.config as { endpoint?: Endpoint } | undefined)?.endpoint;
    if (endpoint === undefined || unqueued.has(endpoint)) return "none";
    // A multipart form (an image upload) is read by its handler, part by part: queued, a client that
    // sent it slowly would hold its place all along. Uploads are few, small (2 MB) and staff-only.
    const type = request.headers["content-type"];
    if (type?.toLowerCase().startsWith("multipart/")) return "none";
    const body =
      request.headers["transfer-encoding"] !== undefined ||
      Number(request.headers["content-length"] ?? 0) > 0;
    return body ? "afterBody" : "now";
  };

  async function enter(request: Admitted, reply: FastifyReply) {
    const turn = admission.admit();
    let held = false;
    let closed = false;
    const release = () => {
      if (held) {
        held = false;
        admission.release();
      }
    };
    request[releaseOf] = release;
    reply.raw.once("close", () => {
      closed = true;
      release();
      turn.cancel();
    });
    if (!(await turn.admitted)) {
      reply.header("retry-after", "1");
      return reply.code(503).send(errorAnswer(503, messages.serverBusy));
    }
    held = true;
    // The connection may have closed while this request waited: give the place back at once.
    if (closed) release();
  }

  app.addHook("onRequest", async (request: Admitted, reply) => {
    const turn = turnOf(request);
    if (turn === "now") return enter(request, reply);
    if (turn === "afterBody") request[afterBody] = true;
  });
  app.addHook("preValidation", async (request: Admitted, reply) => {
    if (request[afterBody]) return enter(request, reply);
  });
  // An injected request (the tests) has no connection to close.
  app.addHook("onResponse", async (request: Admitted) => request[releaseOf]?.());
}
