import { authProvidersSchema } from "@shop/contract/auth";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseUnavailable, PROBLEM_CONTENT_TYPE, sendProblem, translatedProblem } from "../http/problem";
import { isEmailTaken, sendEmailTaken } from "./email-taken";
import { requestContext, type AuthCall } from "../observability/request-context";

/** Better Auth answers errors as {code, message}; the rest of the API speaks problem+json. */
async function forward(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length" && name !== "content-encoding")
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);

  const text = await response.text();
  if (response.status >= 400 && (response.headers.get("content-type") ?? "").includes("json")) {
    let detail = response.statusText;
    let code: string | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof body.message === "string") detail = body.message;
      if (typeof body.code === "string") code = body.code;
    } catch {
      // Not JSON after all: keep the status text.
    }
    const texts = translatedProblem(reply, { title: detail || "Error", detail });
    return reply.type(PROBLEM_CONTENT_TYPE).send({
      type: "about:blank",
      title: texts.title,
      status: response.status,
      detail: texts.detail ?? detail,
      ...(code ? { code } : {}),
    });
  }
  return reply.send(text);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/auth-providers",
    {
      schema: {
        tags: ["accounts"],
        summary: "Which sign-in methods this shop offers (the Google button shows only when configured)",
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ emailPassword: true, google: Boolean(app.config.google) }),
  );

  app.route({
    method: ["GET", "POST"],
    url: "/auth/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      headers.delete("content-length");
      const init: RequestInit = { method: request.method, headers };
      if (request.method === "POST" && request.body !== undefined) {
        init.body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
        if (typeof request.body !== "string") headers.set("content-type", "application/json");
      }
      // The path as the plain-path check passed it (http/plain-path.ts), on our own origin: Better
      // Auth matches exactly that, and its hooks.before guards the endpoint it matched.
      const url = new URL(request.raw.url ?? request.url, app.config.baseUrl);
      // Run inside a context of its own: the body arrived in a later turn than onRequest's.
      const authCall: AuthCall = {};
      let response: Response;
      try {
        response = await requestContext.run({ request, authCall }, () =>
          app.auth.handler(new Request(url, init)),
        );
      } catch (error) {
        // An e-mail change link opened after its address was registered by someone else.
        if (isEmailTaken(error)) return sendEmailTaken(request, reply);
        throw error;
      }
      if (response.status >= 400 && authCall.error !== undefined) {
        request.log.error({ err: authCall.error }, "database unavailable");
        return sendProblem(reply, databaseUnavailable());
      }
      return forward(reply, response);
    },
  });
};
