import { emailParamsSchema } from "@shop/contract/params";
import { profileSchema, profileUpdateSchema } from "@shop/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSelfOrAdmin, makeGuards } from "../auth/guards";
import { readProfile, saveProfile } from "./service";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser } = makeGuards(app);

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
      return readProfile(db, request.params.email);
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
      return saveProfile(db, request.params.email, request.body);
    },
  );
};
