import { emailParamsSchema } from "@shop/contract/params";
import { accountLanguageSchema, profileSchema, profileUpdateSchema } from "@shop/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSelfOrAdmin, makeGuards } from "../auth/guards";
import { HttpProblem } from "../http/problem";
import { readProfile, saveAccountLanguage, saveProfile } from "./service";

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

  app.put(
    "/account/language",
    {
      onRequest: requireUser,
      schema: {
        tags: ["profile"],
        summary:
          "Remember the signed-in account's language (one the shop offers): its pages and mails follow it",
        body: accountLanguageSchema,
        response: { 200: accountLanguageSchema },
      },
    },
    async (request) => {
      const { language } = request.body;
      if (!app.config.languages.includes(language)) {
        throw new HttpProblem(400, "Bad Request", `This shop does not offer the language ${language}.`);
      }
      await saveAccountLanguage(db, request.session!.user.id, language);
      return { language };
    },
  );
};
