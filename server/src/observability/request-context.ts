import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Config } from "../config";

export const REQUEST_ID_HEADER = "x-request-id";
/** What a proxy's id may look like: enough for UUIDs and nginx's $request_id, nothing that breaks a log line. */
const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A call of Better Auth's handler made for a request (see auth/routes.ts): it notes the database
 * failure met inside, if any. Better Auth answers one with a 500 or even a 422 ("Failed to create
 * user") of its own and keeps the cause to its log; the auth route reads it here to answer 503, as
 * the rest of the API does.
 */
export interface AuthCall {
  error?: unknown;
}

export interface RequestContext {
  request: FastifyRequest;
  /** Set while Better Auth's handler runs for the request (none for a server-side `auth.api` call). */
  authCall?: AuthCall;
}

/**
 * The request being served, for code far from it (the database's slow-query log, Better Auth's
 * hooks). One storage for all of them: on Node 20 every AsyncLocalStorage in use adds its own work
 * to every promise and I/O object the process makes (Better Auth brings three more); Node 24, which
 * the shop runs on, has no such cost (docs/decisions/023-node-24-runtime.md).
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Whether the peer that sent us the request is a proxy TRUST_PROXY names (as Fastify decides it). */
function trustsPeer(trustProxy: Config["trustProxy"]): (request: IncomingMessage) => boolean {
  if (typeof trustProxy === "boolean") return () => trustProxy;
  if (typeof trustProxy === "number") return () => trustProxy >= 1;
  const trusted = proxyAddr.compile(trustProxy);
  return (request) => trusted(request.socket.remoteAddress ?? "", 0);
}

/**
 * One log line per request, written when it is answered and naming the request and its answer.
 * Fastify's default writes an "incoming request" line before it as well, which doubles the log
 * of a busy shop; the one line carries what both did, and a request the client abandons logs
 * "request aborted" (registerRequestContext). Errors, 404s and stream failures log as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}

/**
 * Fastify's options for request ids: the proxy's X-Request-Id when TRUST_PROXY trusts the peer
 * (so one id follows a request through nginx's log and ours), a new UUID otherwise. Every log
 * line of a request carries it as `requestId`.
 */
export function requestIdOptions(trustProxy: Config["trustProxy"]) {
  const fromTrustedProxy = trustsPeer(trustProxy);
  return {
    requestIdHeader: false as const,
    logController: new OneLinePerRequest({ requestIdLogLabel: "requestId" }),
    genReqId: (request: IncomingMessage) => {
      const offered = fromTrustedProxy(request) ? request.headers[REQUEST_ID_HEADER] : undefined;
      return typeof offered === "string" && ACCEPTED_REQUEST_ID.test(offered) ? offered : randomUUID();
    },
  };
}

/**
 * Sends the id back (X-Request-Id on every answer) and keeps the request findable while it runs.
 * A request the client gave up on is never completed: it logs a line of its own.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ request }, done);
  });
  app.addHook("onRequestAbort", (request, done) => {
    request.log.info({ req: request }, "request aborted");
    done();
  });
}
