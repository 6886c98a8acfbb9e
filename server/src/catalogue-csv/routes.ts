import {
  CSV_IMPORT_MAX_BYTES,
  importPreviewSchema,
  importResultSchema,
  ordersExportQuerySchema,
} from "@shop/contract/desk";
import { adminOrdersExportQuerySchema } from "@shop/contract/orders";
import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { adminOnlyRoutes, currentUser } from "../auth/guards";
import { exportOrdersCsv, exportProductsCsv, streamOrdersCsv } from "./export";
import { applyImport, previewImport } from "./import";

const CSV_TYPE = "text/csv; charset=utf-8";
const today = () => new Date().toISOString().slice(0, 10);

/** A download: its own file name; `no-store` stays (the file holds the shop's private data). */
const sendCsv = (reply: FastifyReply, fileName: string, csv: string | Readable) =>
  reply
    .type(CSV_TYPE)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);

const csvBody = z.string({ message: "Send the CSV file as the request body (Content-Type: text/csv)." });

/** The catalogue's CSV files, for admins: products out and in, orders out. */
export const catalogueCsvRoutes = adminOnlyRoutes(async (app, db) => {
  // Only in this plugin: the CSV body arrives as text, up to the import's own size limit.
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: CSV_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/admin/export/products.csv",
    { schema: { summary: "Every product with its stock, as CSV (the import's columns)" } },
    async (_request, reply) => sendCsv(reply, `products-${today()}.csv`, await exportProductsCsv(db)),
  );

  app.get(
    "/admin/export/orders.csv",
    {
      schema: {
        summary: "Orders placed on the UTC days from..to (inclusive), one row per order line, as CSV",
        querystring: ordersExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `orders-${request.query.from}-to-${request.query.to}.csv`,
        await exportOrdersCsv(db, request.query),
      ),
  );

  app.get(
    "/admin/orders.csv",
    {
      schema: {
        summary:
          "The orders All Orders lists with these filters (search, status, payment, dates, shipping method, sort), one row per order, as CSV, streamed",
        querystring: adminOrdersExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(reply, `orders-${today()}.csv`, await streamOrdersCsv(db, request.query)),
  );

  app.post(
    "/admin/import/products/preview",
    {
      bodyLimit: CSV_IMPORT_MAX_BYTES,
      schema: {
        summary: "Check a products CSV without changing anything: what it would do and every row's errors",
        body: csvBody,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewImport(db, request.body),
  );

  app.post(
    "/admin/import/products",
    {
      bodyLimit: CSV_IMPORT_MAX_BYTES,
      schema: {
        summary: "Apply a products CSV in one transaction: all rows, or none when any row has an error (422)",
        body: csvBody,
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      const result = await applyImport(db, currentUser(request), request.body);
      await app.catalogueChanged();
      return result;
    },
  );
});
