import { adminCheckResponseSchema, tokenResponseSchema } from "@shop/contract/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { serializeSignedCookie } from "better-call";
import { assertSelfOrAdmin, currentUser, forbidden, makeGuards } from "../auth/guards";
import { notFound } from "../http/problem";
import { findUserByEmail } from "./service";
import { emailParamsSchema } from "@shop/contract/params";

/** The form Better Auth hands out in `set-auth-token`: the session token and its HMAC. */
async function signSessionToken(token: string, secret: string) {
  return decodeURIComponent((await serializeSignedCookie("", token, secret)).replace(/^=/, ""));
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = makeGuards(app);

  app.put(
    "/user/:email",
    {
      onRequest: requireUser,
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user's access token (SPEC's token call); own e-mail only",
        params: emailParamsSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.email.toLowerCase() !== request.params.email.toLowerCase()) {
        throw forbidden("A token is only handed to its own account.");
      }
      return { token: await signSessionToken(request.session!.token, app.authSecret) };
    },
  );

  app.get(
    "/admin/:email",
    {
      onRequest: requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Whether this account is an admin: one's own, or anyone's for an admin",
        params: emailParamsSchema,
        response: { 200: adminCheckResponseSchema },
      },
    },
    async (request) => {
      const asker = assertSelfOrAdmin(request, request.params.email);
      if (asker.email.toLowerCase() === request.params.email.toLowerCase())
        return { admin: asker.role === "admin" };
      const user = await findUserByEmail(app.database.db, request.params.email);
      if (!user) throw notFound("No account has this e-mail.");
      return { admin: user.role === "admin" };
    },
  );
};
