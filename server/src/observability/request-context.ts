import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import type { Config } from "../config";

export const REQUEST_ID_HEADER = "x-request-id";
/** What a proxy's id may look like: enough for UUIDs and nginx's $request_id, nothing that breaks a log line. */
const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The request being served, for code far from it (the database's slow-query log). */
export const requestContext = new AsyncLocalStorage<FastifyRequest>();

/** Whether the peer that sent us the request is a proxy TRUST_PROXY names (as Fastify decides it). */
function trustsPeer(trustProxy: Config["trustProxy"]): (request: IncomingMessage) => boolean {
  if (typeof trustProxy === "boolean") return () => trustProxy;
  if (typeof trustProxy === "number") return () => trustProxy >= 1;
  const trusted = proxyAddr.compile(trustProxy);
  return (request) => trusted(request.socket.remoteAddress ?? "", 0);
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
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    genReqId: (request: IncomingMessage) => {
      const offered = fromTrustedProxy(request) ? request.headers[REQUEST_ID_HEADER] : undefined;
      return typeof offered === "string" && ACCEPTED_REQUEST_ID.test(offered) ? offered : randomUUID();
    },
  };
}

/** Sends the id back (X-Request-Id on every answer) and keeps the request findable while it runs. */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run(request, done);
  });
}
