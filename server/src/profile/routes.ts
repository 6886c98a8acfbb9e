import { profileSchema, profileUpdateSchema } from "@shop/contract/profile";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSelfOrAdmin, makeGuards } from "../auth/guards";
import { profiles } from "../db/schema";
import { notFound } from "../http/problem";
import { findUserByEmail } from "../users/service";
import { emailParamsSchema } from "../users/routes";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser } = makeGuards(app);

  async function profileOwner(email: string) {
    const owner = await findUserByEmail(db, email);
    if (!owner) throw notFound("No account has this e-mail.");
    return owner;
  }

  app.get(
    "/updateprofile/:email",
    {
      onRequest: requireUser,
      schema: {
        tags: ["profile"],
        summary: "A profile (empty fields until first saved): one's own, or anyone's for an admin",
        params: emailParamsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      const owner = await profileOwner(request.params.email);
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, owner.id)).limit(1);
      return {
        email: owner.email,
        city: profile?.city ?? "",
        qualification: profile?.qualification ?? "",
        phone: profile?.phone ?? "",
      };
    },
  );

  app.put(
    "/profile/:email",
    {
      onRequest: requireUser,
      schema: {
        tags: ["profile"],
        summary: "Save a profile; a second save replaces the first",
        params: emailParamsSchema,
        body: profileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      const owner = await profileOwner(request.params.email);
      const { city, qualification, phone } = request.body;
      await db
        .insert(profiles)
        .values({ userId: owner.id, city, qualification, phone })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: { city, qualification, phone, updatedAt: new Date() },
        });
      return { email: owner.email, city, qualification, phone };
    },
  );
};
