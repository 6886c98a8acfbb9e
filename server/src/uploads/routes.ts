import { randomUUID } from "node:crypto";
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

/** POST /uploads: one product image, checked by content and re-encoded to WebP. Admins only. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = makeGuards(app);
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

      // A valid header does not make valid pixels: a corrupt image fails only once decoded.
      const encoded = await encodeUpload(original).catch((error: unknown) => {
        request.log.info({ err: error }, "upload could not be decoded");
        throw badRequest("The image could not be read: its data is damaged.", {
          file: "The image could not be read: its data is damaged",
        });
      });
      const name = `${randomUUID()}.webp`;
      const imagePath = `/uploads/${name}`;
      // The smaller copies first: once the path is answered, every file of the srcset exists (a
      // backup relies on it too: an image is stored before any product can name it).
      for (const [width, copy] of encoded.copies) {
        await app.imageStore.put(uploadVariantPath(name, width), copy, "image/webp");
      }
      await app.imageStore.put(name, encoded.webp, "image/webp");
      return reply.code(201).send({ path: imagePath });
    },
  );
};

/** The upload re-encoded to WebP, and its smaller copies for the srcset; throws on damaged data. */
async function encodeUpload(original: Buffer) {
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
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
  const copies: [number, Buffer][] = [];
  for (const width of UPLOAD_VARIANT_WIDTHS) {
    copies.push([
      width,
      await image
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    ]);
  }
  return { webp, copies };
}
