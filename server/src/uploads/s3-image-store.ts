import {
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import { IMAGE_NAME, type ImageStore } from "./image-store";

/**
 * A missing object, not a missing bucket: NoSuchBucket is a 404 too, but it is the store's
 * failure (misconfigured or deleted), answered 503 by the serving route.
 */
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== "NoSuchBucket" &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** Images as objects in an S3-compatible bucket (AWS, MinIO, Ceph, R2 …), served through the shop. */
export function createS3ImageStore(settings: S3Config): ImageStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const keyOf = (name: string) => `${settings.prefix}${name}`;
  return {
    kind: "s3",
    async put(name, bytes, contentType) {
      if (!IMAGE_NAME.test(name)) throw new Error(`Not an image name: ${name}`);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(name) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
        if (!object.Body) return null;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? "application/octet-stream",
          etag: object.ETag ?? `"${name}"`,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async has(name) {
      if (!IMAGE_NAME.test(name)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket: settings.bucket, Prefix: settings.prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(settings.prefix.length);
          if (name && IMAGE_NAME.test(name)) yield name;
        }
      }
    },
    close: async () => client.destroy(),
  };
}
