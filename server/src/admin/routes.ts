import {
  adminProductListQuerySchema,
  adminProductSchema,
  productInputSchema,
  userSummarySchema,
} from "@shop/contract/admin";
import { listQuerySchema } from "@shop/contract/catalogue";
import { z } from "zod";
import { withAuditActor } from "../audit/actor";
import { adminOnlyRoutes, currentUser } from "../auth/guards";
import { HttpProblem, notFound } from "../http/problem";
import { pageReply } from "../http/page-reply";
import { replaceImages, replaceVariants } from "../products/variants";
import {
  productDetailSchema,
  productImagesInputSchema,
  productVariantsInputSchema,
} from "@shop/contract/variants";
import { productsReviewedBy } from "../reviews/product-reviews";
import { emailParamsSchema } from "@shop/contract/params";
import { findUserByEmail, promoteToAdmin, UNVERIFIED_ADMIN_MESSAGE } from "../users/service";
import { createProduct, deleteProduct, updateProduct } from "../products/writes";
import { listAdminProducts } from "../products/admin-list";
import { findProductDetail } from "../products/service";
import { deleteUser, listUsers } from "./service";

const productIdParams = z.object({ id: z.uuid() });

/** Everything here is for admins only: 401 signed out, 403 for a shopper. */
export const adminRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/alluser",
    {
      schema: {
        summary: "Accounts, newest first; `q` matches e-mail or name",
        querystring: listQuerySchema,
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listUsers(db, request.query)),
  );

  app.put(
    "/user/admin/:email",
    {
      schema: {
        summary:
          "Make an account an admin (modifiedCount 0 when it already was); 409 while its address is unconfirmed",
        params: emailParamsSchema,
        response: { 200: z.object({ modifiedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const promote = (tx: typeof db) => promoteToAdmin(tx, request.params.email);
      const promotion = await withAuditActor(db, currentUser(request), promote);
      if (promotion === "no-account") throw notFound("No account has this e-mail.");
      if (promotion === "unverified") throw new HttpProblem(409, "Conflict", UNVERIFIED_ADMIN_MESSAGE);
      return { modifiedCount: promotion === "promoted" ? 1 : 0 };
    },
  );

  app.delete(
    "/userdelete/:email",
    {
      schema: {
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
      // Their reviews and testimonial go with the account (cascade; the rating trigger follows).
      const reviewed = await productsReviewedBy(db, target.id);
      const deletedCount = await deleteUser(db, target.id);
      await app.catalogueChanged(reviewed.length ? { stockOf: reviewed } : "everything");
      return { deletedCount };
    },
  );

  app.get(
    "/admin/products",
    {
      schema: {
        summary:
          "Every product whatever its status (draft, scheduled, active, archived), newest first; `q` matches the name",
        querystring: adminProductListQuerySchema,
        response: { 200: z.array(adminProductSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listAdminProducts(db, request.query, app.clock())),
  );

  app.get(
    "/admin/products/:id",
    {
      schema: {
        summary:
          "One product as shoppers would see it, whatever its status: the owner's editor and the preview of a draft",
        params: productIdParams,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const product = await findProductDetail(db, request.params.id, app.clock());
      if (!product) throw notFound("No product has this id.");
      return product;
    },
  );

  app.post(
    "/addproduct",
    {
      schema: {
        summary: "Add a product",
        body: productInputSchema,
        response: { 201: adminProductSchema },
      },
    },
    async (request, reply) => {
      const product = await withAuditActor(db, currentUser(request), (tx) => createProduct(tx, request.body));
      await app.catalogueChanged();
      return reply.code(201).send(product);
    },
  );

  app.put(
    "/product/:id",
    {
      schema: {
        summary: "Edit a product (every field, same rules as adding)",
        params: productIdParams,
        body: productInputSchema,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => {
      const product = await withAuditActor(db, currentUser(request), (tx) =>
        updateProduct(tx, request.params.id, request.body),
      );
      if (!product) throw notFound("No product has this id.");
      await app.catalogueChanged();
      return product;
    },
  );

  app.delete(
    "/deleteproduct/:id",
    {
      schema: {
        summary: "Delete a product; it leaves every cart too",
        params: productIdParams,
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const deletedCount = await withAuditActor(db, currentUser(request), (tx) =>
        deleteProduct(tx, request.params.id),
      );
      if (!deletedCount) throw notFound("No product has this id.");
      await app.catalogueChanged();
      return { deletedCount };
    },
  );

  app.put(
    "/admin/products/:id/variants",
    {
      schema: {
        summary:
          "Set a product's options and variants (stock and price per variant); variants with the same option values keep their id",
        params: productIdParams,
        body: productVariantsInputSchema,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const product = await withAuditActor(db, currentUser(request), (tx) =>
        replaceVariants(tx, request.params.id, request.body),
      );
      await app.catalogueChanged();
      return product;
    },
  );

  app.put(
    "/admin/products/:id/images",
    {
      schema: {
        summary: "Set a product's gallery in order; the first image is the main one",
        params: productIdParams,
        body: productImagesInputSchema,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const product = await withAuditActor(db, currentUser(request), (tx) =>
        replaceImages(tx, request.params.id, request.body.images),
      );
      await app.catalogueChanged();
      return product;
    },
  );
});
