import { isAllowedImage, PRODUCT_MESSAGES } from "@shop/contract/admin";
import { AUTH_MESSAGES, authProvidersSchema } from "@shop/contract/auth";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  badRequest,
  databaseUnavailable,
  HttpProblem,
  PROBLEM_CONTENT_TYPE,
  sendProblem,
} from "../http/problem";
import { hit } from "../rate-limit/limiter";
import { authFailures, type AuthFailure } from "./auth";
import { passwordProblem } from "./password-policy";

/** Requests the limiter counts: trying passwords and creating accounts. */
const LIMITED_PATHS = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);
/** Better Auth's own account edit: it takes any `name` and `image`, so we check them first. */
const UPDATE_USER_PATH = "/api/auth/update-user";

const nameSchema = z
  .string({ message: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(80, "Name must be at most 80 characters");
/** The avatar: an http(s) address (Google's pictures) or one of our own image paths, never `javascript:` or `data:`. */
const userImageSchema = z
  .string({ message: PRODUCT_MESSAGES.imageInvalid })
  .trim()
  .max(2048, PRODUCT_MESSAGES.imageInvalid)
  .refine(isAllowedImage, PRODUCT_MESSAGES.imageInvalid)
  .nullable();

const updateUserBodySchema = z.object({ name: nameSchema.optional(), image: userImageSchema.optional() });

const signUpBodySchema = z.object({
  name: nameSchema,
  image: userImageSchema.optional(),
  email: z
    .string({ message: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: z.string({ message: AUTH_MESSAGES.passwordRequired }).superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
});
const signInBodySchema = z.object({
  email: z
    .string({ message: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254),
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024),
});

function validationProblem(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".") || "(root)"] ??= issue.message;
  return badRequest("The request body is not valid.", errors);
}

/** Validates what Better Auth would take loosely, and counts attempts per IP and per e-mail. */
async function guardCredentialRequest(request: FastifyRequest, urlPath: string) {
  const isSignUp = urlPath.endsWith("/sign-up/email");
  const parsed = (isSignUp ? signUpBodySchema : signInBodySchema).safeParse(request.body ?? {});
  if (!parsed.success) throw validationProblem(parsed.error);

  const { rateLimitStore, rateLimits } = request.server;
  const email = parsed.data.email.toLowerCase();
  const checks = [
    hit(rateLimitStore, `auth:ip:${request.ip}`, rateLimits.authPerIp),
    hit(rateLimitStore, `auth:email:${email}`, rateLimits.authPerEmail),
  ];
  const results = await Promise.all(checks).catch((error: unknown) => {
    // A broken limiter store must not lock everyone out; it is logged and the request goes on.
    request.log.error({ err: error }, "rate limiter unavailable");
    return [];
  });
  const refused = results.find((result) => !result.allowed);
  if (refused) {
    throw Object.assign(new HttpProblem(429, "Too Many Requests", "Too many attempts. Try again later."), {
      retryAfterSeconds: refused.retryAfterSeconds,
    });
  }
  return { ...(request.body as object), ...parsed.data };
}

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
    return reply.type(PROBLEM_CONTENT_TYPE).send({
      type: "about:blank",
      title: detail || "Error",
      status: response.status,
      detail,
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
      const urlPath = request.url.split("?", 1)[0] ?? "";
      let body = request.body;
      if (request.method === "POST" && urlPath === UPDATE_USER_PATH) {
        const parsed = updateUserBodySchema.safeParse(request.body ?? {});
        if (!parsed.success) return sendProblem(reply, validationProblem(parsed.error));
        body = { ...(request.body as object), ...parsed.data };
      }
      if (request.method === "POST" && LIMITED_PATHS.has(urlPath)) {
        try {
          body = await guardCredentialRequest(request, urlPath);
        } catch (error) {
          const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
          if (retryAfter) reply.header("retry-after", String(retryAfter));
          if (error instanceof HttpProblem) return sendProblem(reply, error);
          throw error;
        }
      }
      const headers = fromNodeHeaders(request.headers);
      headers.delete("content-length");
      const init: RequestInit = { method: request.method, headers };
      if (request.method === "POST" && body !== undefined) {
        init.body = typeof body === "string" ? body : JSON.stringify(body);
        if (typeof body !== "string") headers.set("content-type", "application/json");
      }
      const failure: AuthFailure = {};
      const response = await authFailures.run(failure, () =>
        app.auth.handler(new Request(new URL(request.url, app.config.baseUrl), init)),
      );
      if (response.status >= 400 && failure.error !== undefined) {
        request.log.error({ err: failure.error }, "database unavailable");
        return sendProblem(reply, databaseUnavailable());
      }
      return forward(reply, response);
    },
  });
};
