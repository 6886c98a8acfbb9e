import { productInputSchema, userSummarySchema } from "@shop/contract/admin";
import { listQuerySchema, productSchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards } from "../auth/guards";
import { HttpProblem, notFound } from "../http/problem";
import { emailParamsSchema } from "../users/routes";
import { findUserByEmail, promoteToAdmin } from "../users/service";
import { createProduct, deleteProduct, deleteUser, listUsers, updateProduct } from "./service";

const productIdParams = z.object({ id: z.uuid() });

/** Everything here is for admins only: 401 signed out, 403 for a shopper. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireAdmin } = makeGuards(app);
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/alluser",
    {
      schema: {
        tags: ["admin"],
        summary: "Accounts, newest first; `q` matches e-mail or name",
        querystring: listQuerySchema,
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.put(
    "/user/admin/:email",
    {
      schema: {
        tags: ["admin"],
        summary: "Make an account an admin (modifiedCount 0 when it already was)",
        params: emailParamsSchema,
        response: { 200: z.object({ modifiedCount: z.number().int() }) },
      },
    },
    async (request) => {
      if (!(await findUserByEmail(db, request.params.email))) throw notFound("No account has this e-mail.");
      return { modifiedCount: await promoteToAdmin(db, [request.params.email]) };
    },
  );

  app.delete(
    "/userdelete/:email",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove an account with its sessions, cart and profile",
        params: emailParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const target = await findUserByEmail(db, request.params.email);
      if (!target) throw notFound("No account has this e-mail.");
      if (target.id === currentUser(request).id) {
        throw new HttpProblem(409, "Conflict", "You cannot remove your own account.");
      }
      return { deletedCount: await deleteUser(db, target.id) };
    },
  );

  app.post(
    "/addproduct",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a product",
        body: productInputSchema,
        response: { 201: productSchema },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, request.body);
      await app.catalogueChanged();
      return reply.code(201).send(product);
    },
  );

  app.put(
    "/product/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edit a product (every field, same rules as adding)",
        params: productIdParams,
        body: productInputSchema,
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const product = await updateProduct(db, request.params.id, request.body);
      if (!product) throw notFound("No product has this id.");
      await app.catalogueChanged();
      return product;
    },
  );

  app.delete(
    "/deleteproduct/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a product; it leaves every cart too",
        params: productIdParams,
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const deletedCount = await deleteProduct(db, request.params.id);
      if (!deletedCount) throw notFound("No product has this id.");
      await app.catalogueChanged();
      return { deletedCount };
    },
  );
};
