import type { FastifyInstance, FastifyRequest } from "fastify";
import { createAuth } from "../auth/auth";
import { guardAuthEndpoint } from "../auth/endpoint-guards";
import { sessionTokenOf } from "../auth/session-lookup";
import type { Config } from "../config";
import type { Database } from "../db/client";

/**
 * `app.auth` (Better Auth, with our guards in its hooks) and `app.sessionKeyOf`, which reads a
 * request's session token from its header or cookie and checks its signature without the database.
 * Needs `app.mailSender`: account mails wake it.
 */
export async function registerAuth(
  app: FastifyInstance,
  config: Config,
  database: Database,
  authSecret: string,
) {
  app.decorate("authSecret", authSecret);
  app.decorate(
    "auth",
    createAuth({
      config,
      db: database.db,
      secret: authSecret,
      onMailQueued: () => app.mailSender.wake(),
      log: (level, message, details) =>
        app.log[level]({ err: details.find((detail) => detail instanceof Error) }, `Better Auth: ${message}`),
      guardEndpoint: guardAuthEndpoint,
    }),
  );
  const sessionCookieName = (await app.auth.$context).authCookies.sessionToken.name;
  app.decorate(
    "sessionKeyOf",
    (request: FastifyRequest) => sessionTokenOf(request.headers, sessionCookieName, authSecret) || null,
  );
  app.decorateRequest("session", null);
  app.decorateRequest("sessionToken", null);
}
