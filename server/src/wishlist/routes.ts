import { sharedWishlistSchema, wishlistAddSchema, wishlistSchema } from "@shop/contract/marketing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards } from "../auth/guards";
import {
  addToWishlist,
  listWishlist,
  moveToBag,
  openShare,
  removeFromWishlist,
  revokeShare,
  sharedWishlist,
  shareTokenOf,
} from "./service";

const productParams = z.object({ productId: z.uuid() });

/** The signed-in shopper's wishlist, and its read-only share link (issue 42). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser } = makeGuards(app);

  const answer = async (userId: string) => ({
    items: await listWishlist(db, userId),
    shareToken: await shareTokenOf(db, userId),
  });

  app.get(
    "/wishlist",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "The signed-in shopper's wishlist: each item's price now and when added, and its stock",
        response: { 200: wishlistSchema },
      },
    },
    async (request) => answer(currentUser(request).id),
  );

  app.put(
    "/wishlist/:productId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Save a product to the wishlist, with the size or colour picked (if any)",
        params: productParams,
        body: wishlistAddSchema,
        response: { 200: wishlistSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await addToWishlist(db, id, request.params.productId, request.body.variantId);
      return answer(id);
    },
  );

  app.delete(
    "/wishlist/:productId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Take a product off the wishlist",
        params: productParams,
        response: { 200: wishlistSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await removeFromWishlist(db, id, request.params.productId);
      return answer(id);
    },
  );

  app.post(
    "/wishlist/:productId/bag",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Move an item to the bag with its size (it leaves the wishlist)",
        params: productParams,
        response: { 200: wishlistSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await moveToBag(db, id, request.params.productId);
      return answer(id);
    },
  );

  app.post(
    "/wishlist/share",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Open the read-only share link (the same token while it is open)",
        response: { 200: wishlistSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await openShare(db, id);
      return answer(id);
    },
  );

  app.delete(
    "/wishlist/share",
    {
      onRequest: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Revoke the share link",
        response: { 200: wishlistSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await revokeShare(db, id);
      return answer(id);
    },
  );

  app.get(
    "/wishlists/:token",
    {
      schema: {
        tags: ["wishlist"],
        summary: "A shared wishlist, read-only, without signing in (404 once revoked)",
        params: z.object({ token: z.string().min(10).max(60) }),
        response: { 200: sharedWishlistSchema },
      },
    },
    async (request) => sharedWishlist(db, request.params.token),
  );
};
