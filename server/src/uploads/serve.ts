import { UPLOAD_VARIANT_WIDTHS } from "@shop/contract/images";
import type { FastifyInstance } from "fastify";
import { HttpProblem, sendProblem } from "../http/problem";
import type { ImageStore, StoredImage } from "./image-store";

declare module "fastify" {
  interface FastifyInstance {
    /** Uploaded images: DATA_DIR, the database or S3 (see image-store.ts). */
    imageStore: ImageStore;
  }
}

const ONE_YEAR_SECONDS = 31_536_000;
/**
 * The types of what the upload route writes (WebP, its copies too), by name. An upload is served
 * as this, never as what its store reports: a bucket's metadata is whatever its last writer said,
 * and `text/html` or `image/svg+xml` from the shop's own origin would run as the shop.
 */
const SERVED_TYPES: Record<string, string> = { webp: "image/webp" };
/** How long a client should wait before asking again when the image store is unreachable. */
const STORE_RETRY_AFTER_SECONDS = 30;
const VARIANT_NAME = /^([0-9a-f-]{36})-(\d+)w\.webp$/;

function matchesEtag(header: string | undefined, etag: string) {
  return header !== undefined && header.split(",").some((candidate) => candidate.trim() === etag);
}

/**
 * GET /uploads/<name> from the image store, on any instance: long-lived caching (names are
 * unique and images never change), a strong ETag, the type the name says (SERVED_TYPES), and
 * 503 when the store cannot be read.
 */
export function registerImageServing(app: FastifyInstance, store: ImageStore) {
  app.decorate("imageStore", store);
  app.addHook("onClose", () => store.close());

  app.get<{ Params: { name: string } }>(
    "/uploads/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const notFound = () =>
        sendProblem(reply, new HttpProblem(404, "Not Found", `No image ${request.url.split("?", 1)[0]}.`));
      const contentType = SERVED_TYPES[name.slice(name.lastIndexOf(".") + 1)];
      if (!contentType) return notFound();
      let image: StoredImage | null;
      let original: string | null = null;
      try {
        image = await store.get(name);
        // Images uploaded before the smaller copies were made have none: send a request for one to
        // the original (the page still shows the image, only larger than needed).
        if (!image) original = await originalOfMissingVariant(store, name);
      } catch (error) {
        // The bucket refused (credentials, a missing bucket) or is down: nothing the client did.
        request.log.warn({ err: error }, "image store unavailable");
        reply.header("retry-after", String(STORE_RETRY_AFTER_SECONDS));
        return sendProblem(
          reply,
          new HttpProblem(503, "Service Unavailable", "Images cannot be read right now. Try again shortly."),
        );
      }
      if (original) return reply.header("cache-control", "no-cache").redirect(original, 302);
      if (!image) return notFound();
      reply
        .header("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header("etag", image.etag)
        .header("x-content-type-options", "nosniff")
        .type(contentType);
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
