import {
  addToCartBodySchema,
  CART_ITEM_COUNT_HEADER,
  cartLineSchema,
  changeCartLineBodySchema,
} from "@shop/contract/cart";
import { listQuerySchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertSelfOrAdmin, currentUser, makeGuards } from "../auth/guards";
import { notFound } from "../http/problem";
import { emailParamsSchema } from "@shop/contract/params";
import { addToCart, changeCartLineQuantity, listCart, removeCartLine } from "./service";

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser, requireSignedToken, sessionInStatement } = makeGuards(app);

  app.put(
    "/cart/:productId",
    {
      onRequest: requireSignedToken,
      schema: {
        tags: ["cart"],
        summary:
          "Add a product's variant to the signed-in user's cart (raises the quantity of an existing line); `variantId` may be left out for a product with one variant",
        params: z.object({ productId: z.uuid() }),
        body: addToCartBodySchema,
        response: { 200: cartLineSchema },
      },
    },
    async (request) =>
      addToCart(
        db,
        sessionInStatement(request),
        request.params.productId,
        request.body.quantity,
        request.body.variantId,
        app.clock(),
      ),
  );

  app.get(
    "/carts/:email",
    {
      onRequest: requireSignedToken,
      schema: {
        tags: ["cart"],
        summary: "A cart's lines, newest first: one's own, or anyone's for an admin",
        params: emailParamsSchema,
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(cartLineSchema) },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      const { ownerFound, lines, lineCount, itemCount } = await listCart(
        db,
        sessionInStatement(request),
        email,
        request.query,
        app.clock(),
      );
      assertSelfOrAdmin(request, email);
      if (!ownerFound) throw notFound("No account has this e-mail.");
      reply.header(TOTAL_COUNT_HEADER, lineCount).header(CART_ITEM_COUNT_HEADER, itemCount);
      return lines;
    },
  );

  app.patch(
    "/cart/:cartLineId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Set a line's quantity (one's own line; any for an admin), within 1–99 and the stock",
        params: z.object({ cartLineId: z.uuid() }),
        body: changeCartLineBodySchema,
        response: { 200: cartLineSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return changeCartLineQuantity(
        db,
        request.params.cartLineId,
        request.body.quantity,
        { id: user.id, email: user.email, isAdmin: user.role === "admin" },
        app.clock(),
      );
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
