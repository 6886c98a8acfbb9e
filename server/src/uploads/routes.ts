import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_MAX_BYTES, uploadResponseSchema } from "@shop/contract/admin";
import { UPLOAD_MAX_EDGE_PX, UPLOAD_VARIANT_WIDTHS, uploadVariantPath } from "@shop/contract/images";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import sharp from "sharp";
import { makeGuards } from "../auth/guards";
import { badRequest, HttpProblem } from "../http/problem";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const WEBP_QUALITY = 82;
/** Refuses decompression bombs before sharp allocates their pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

const VARIANT_PATH = /^\/uploads\/([0-9a-f-]{36})-(\d+)w\.webp$/;

/**
 * Images uploaded before the smaller copies were made have none: a request for one is sent to
 * the original (the page still shows the image, only larger than needed). Null for anything else.
 */
export function originalOfMissingVariant(urlPath: string, dataDir: string): string | null {
  const match = VARIANT_PATH.exec(urlPath);
  if (!match || !UPLOAD_VARIANT_WIDTHS.some((width) => String(width) === match[2])) return null;
  const original = `/uploads/${match[1]}.webp`;
  return existsSync(path.join(dataDir, original)) ? original : null;
}

/** POST /uploads: one product image, checked by content and re-encoded to WebP. Admins only. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = makeGuards(app);
  const directory = uploadsDir(app.config.dataDir);
  await mkdir(directory, { recursive: true });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    "/uploads",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Upload a product image (JPEG, PNG or WebP, at most 5 MB); answers its path",
        consumes: ["multipart/form-data"],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data.");
      const file = await request.file();
      if (!file) throw badRequest("No image was sent.", { file: "Choose an image to upload" });
      const original = await file.toBuffer();

      const format = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .then((metadata) => metadata.format)
        .catch(() => undefined);
      if (!format || !ACCEPTED_FORMATS.has(format)) {
        throw new HttpProblem(
          415,
          "Unsupported Media Type",
          "Only JPEG, PNG or WebP images can be uploaded.",
          {
            file: "Only JPEG, PNG or WebP images can be uploaded",
          },
        );
      }

      const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      const webp = await image
        .clone()
        .resize({
          width: UPLOAD_MAX_EDGE_PX,
          height: UPLOAD_MAX_EDGE_PX,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const name = `${randomUUID()}.webp`;
      const imagePath = `/uploads/${name}`;
      // The smaller copies first: once the path is answered, every file of the srcset exists.
      for (const width of UPLOAD_VARIANT_WIDTHS) {
        const copy = await image
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        await writeFile(path.join(directory, path.basename(uploadVariantPath(imagePath, width))), copy, {
          flag: "wx",
        });
      }
      await writeFile(path.join(directory, name), webp, { flag: "wx" });
      return reply.code(201).send({ path: imagePath });
    },
  );
};
