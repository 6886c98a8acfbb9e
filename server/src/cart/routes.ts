import { addToCartBodySchema, CART_ITEM_COUNT_HEADER, cartLineSchema } from "@shop/contract/cart";
import { listQuerySchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertSelfOrAdmin, currentUser, makeGuards } from "../auth/guards";
import { notFound } from "../http/problem";
import { emailParamsSchema } from "../users/routes";
import { findUserByEmail } from "../users/service";
import { addToCart, listCart, removeCartLine } from "./service";

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser } = makeGuards(app);

  app.put(
    "/cart/:productId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Add a product to the signed-in user's cart (raises the quantity of an existing line)",
        params: z.object({ productId: z.uuid() }),
        body: addToCartBodySchema,
        response: { 200: cartLineSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return addToCart(db, user, request.params.productId, request.body.quantity);
    },
  );

  app.get(
    "/carts/:email",
    {
      onRequest: requireUser,
      schema: {
        tags: ["cart"],
        summary: "A cart's lines, newest first: one's own, or anyone's for an admin",
        params: emailParamsSchema,
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(cartLineSchema) },
      },
    },
    async (request, reply) => {
      const requester = assertSelfOrAdmin(request, request.params.email);
      const owner =
        requester.email.toLowerCase() === request.params.email.toLowerCase()
          ? requester
          : await findUserByEmail(db, request.params.email);
      if (!owner) throw notFound("No account has this e-mail.");
      const { lines, lineCount, itemCount } = await listCart(db, owner, request.query);
      reply.header(TOTAL_COUNT_HEADER, lineCount).header(CART_ITEM_COUNT_HEADER, itemCount);
      return lines;
    },
  );

  app.delete(
    "/cart/:cartLineId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Remove a line from one's own cart (any cart for an admin)",
        params: z.object({ cartLineId: z.uuid() }),
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const deletedCount = await removeCartLine(db, request.params.cartLineId, {
        id: user.id,
        isAdmin: user.role === "admin",
      });
      return { deletedCount };
    },
  );
};
