import { isAllowedImage, PRODUCT_MESSAGES } from "@shop/contract/admin";
import { AUTH_MESSAGES } from "@shop/contract/auth";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest } from "../http/problem";
import { requestContext } from "../observability/request-context";
import { passwordProblem } from "./password-policy";

export const nameSchema = z
  .string({ message: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(80, "Name must be at most 80 characters");

/** The avatar: an http(s) address (Google's pictures) or one of our own image paths, never `javascript:` or `data:`. */
export const userImageSchema = z
  .string({ message: PRODUCT_MESSAGES.imageInvalid })
  .trim()
  .max(2048, PRODUCT_MESSAGES.imageInvalid)
  .refine(isAllowedImage, PRODUCT_MESSAGES.imageInvalid)
  .nullable();

/** One policy for every new password: sign-up, change and reset (`password-policy.ts`). */
const newPasswordSchema = z
  .string({ message: AUTH_MESSAGES.passwordRequired })
  .superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const emailSchema = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .toLowerCase();

const signUpBodySchema = z.object({
  name: nameSchema,
  image: userImageSchema.optional(),
  email: emailSchema.pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: newPasswordSchema,
});
const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024),
});
const updateUserBodySchema = z.object({ name: nameSchema.optional(), image: userImageSchema.optional() });
const newPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
/** Endpoints that send mail to an address someone typed: limited like sign-in, keyed on it. */
const addressedBodySchema = z.object({ email: emailSchema.optional(), newEmail: emailSchema.optional() });

type Body = Record<string, unknown>;

function parsed<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "(root)"] ??= issue.message;
  throw badRequest("The request body is not valid.", errors);
}

/** Counts an attempt for `email` from the request's address against the three sign-in tiers. */
async function countAttempt(request: FastifyRequest | undefined, email: string | undefined) {
  if (!request) return;
  const { limiters } = request.server;
  await limiters.authPerAddress.check(request, request.ip);
  if (!email) return;
  await limiters.authPerEmailAndAddress.check(request, `${email}|${request.ip}`);
  await limiters.authPerEmail.check(request, email);
}

/** Counts a check of the current password in the caller's session (or address, signed out). */
async function countPasswordCheck(request: FastifyRequest | undefined) {
  if (!request) return;
  const session = request.server.sessionKeyOf(request);
  await request.server.limiters.passwordChecksPerSession.check(request, session ?? `address:${request.ip}`);
}

type Guard = (body: unknown, request: FastifyRequest | undefined) => Promise<Body | void>;

/**
 * What each of Better Auth's endpoints must pass before it runs, keyed on the path Better Auth
 * itself matched: however a request spelt its path, the endpoint that runs is the one guarded.
 */
const GUARDS: Record<string, Guard> = {
  "/sign-up/email": async (body, request) => {
    const checked = parsed(signUpBodySchema, body);
    await countAttempt(request, checked.email);
    return { ...(body as Body), ...checked };
  },
  "/sign-in/email": async (body, request) => {
    const checked = parsed(signInBodySchema, body);
    await countAttempt(request, checked.email);
    return { ...(body as Body), ...checked };
  },
  "/update-user": async (body) => ({ ...(body as Body), ...parsed(updateUserBodySchema, body) }),
  "/change-password": async (body, request) => {
    parsed(newPasswordBodySchema, body);
    await countPasswordCheck(request);
  },
  "/set-password": async (body) => {
    parsed(newPasswordBodySchema, body);
  },
  "/reset-password": async (body, request) => {
    parsed(newPasswordBodySchema, body);
    await countAttempt(request, undefined);
  },
  "/delete-user": async (_body, request) => countPasswordCheck(request),
  "/request-password-reset": async (body, request) =>
    countAttempt(request, parsed(addressedBodySchema, body).email),
  "/send-verification-email": async (body, request) =>
    countAttempt(request, parsed(addressedBodySchema, body).email),
  "/change-email": async (body, request) => countAttempt(request, parsed(addressedBodySchema, body).newEmail),
};

/**
 * Better Auth's `hooks.before`: runs the guard of the endpoint it matched and answers the body
 * the endpoint should see (trimmed, lower-cased e-mail), or throws a problem (400, 429).
 */
export async function guardAuthEndpoint(path: string, body: unknown): Promise<Body | undefined> {
  const guard = GUARDS[path];
  if (!guard) return undefined;
  // The request an auth endpoint runs for: the auth route's call has one; a server-side `auth.api`
  // call has none (and is not rate limited: nobody outside made it).
  const context = requestContext.getStore();
  return (await guard(body, context?.authCall ? context.request : undefined)) ?? undefined;
}
