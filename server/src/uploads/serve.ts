import { UPLOAD_VARIANT_WIDTHS } from "@shop/contract/images";
import type { FastifyInstance } from "fastify";
import { HttpProblem, sendProblem } from "../http/problem";
import type { ImageStore } from "./image-store";

declare module "fastify" {
  interface FastifyInstance {
    /** Uploaded images: DATA_DIR, the database or S3 (see image-store.ts). */
    imageStore: ImageStore;
  }
}

const ONE_YEAR_SECONDS = 31_536_000;
const VARIANT_NAME = /^([0-9a-f-]{36})-(\d+)w\.webp$/;

function matchesEtag(header: string | undefined, etag: string) {
  return header !== undefined && header.split(",").some((candidate) => candidate.trim() === etag);
}

/**
 * GET /uploads/<name> from the image store, on any instance: long-lived caching (names are
 * unique and images never change), a strong ETag, the stored content type.
 */
export function registerImageServing(app: FastifyInstance, store: ImageStore) {
  app.decorate("imageStore", store);
  app.addHook("onClose", () => store.close());

  app.get<{ Params: { name: string } }>(
    "/uploads/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const image = await store.get(name);
      if (!image) {
        // Images uploaded before the smaller copies were made have none: send a request for one to
        // the original (the page still shows the image, only larger than needed).
        const original = await originalOfMissingVariant(store, name);
        if (original) return reply.header("cache-control", "no-cache").redirect(original, 302);
        return sendProblem(
          reply,
          new HttpProblem(404, "Not Found", `No image ${request.url.split("?", 1)[0]}.`),
        );
      }
      reply
        .header("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header("etag", image.etag)
        .type(image.contentType);
      if (matchesEtag(request.headers["if-none-match"], image.etag)) return reply.code(304).send();
      return reply.send(image.bytes);
    },
  );
}

async function originalOfMissingVariant(store: ImageStore, name: string): Promise<string | null> {
  const match = VARIANT_NAME.exec(name);
  if (!match || !UPLOAD_VARIANT_WIDTHS.some((width) => String(width) === match[2])) return null;
  const original = `${match[1]}.webp`;
  return (await store.has(original)) ? `/uploads/${original}` : null;
}
