import { createHash } from "node:crypto";

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  /** A strong validator, quoted as the ETag header wants it. */
  etag: string;
}

/**
 * Where uploaded images and their resized copies live. Names are unique (a random UUID) and an
 * image never changes once stored, so any instance may cache what it reads for good.
 */
export interface ImageStore {
  readonly kind: "files" | "database" | "s3";
  /** Stores an image; a name that exists already is left as it is. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<StoredImage | null>;
  has(name: string): Promise<boolean>;
  /** Every stored name, for backups and migrations. */
  list(): AsyncIterable<string>;
  close(): Promise<void>;
}

/** Names as the upload route makes them, and nothing that could leave a folder or a prefix. */
export const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.[a-z0-9]{2,5}$/;

export const etagOfBytes = (bytes: Buffer) =>
  `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  gif: "image/gif",
  avif: "image/avif",
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/** Copies every image `from` holds that `to` lacks; answers how many were copied and skipped. */
export async function copyImages(from: ImageStore, to: ImageStore, onCopied?: (name: string) => void) {
  let copied = 0;
  let skipped = 0;
  for await (const name of from.list()) {
    if (await to.has(name)) {
      skipped += 1;
      continue;
    }
    const image = await from.get(name);
    if (!image) continue;
    await to.put(name, image.bytes, image.contentType);
    copied += 1;
    onCopied?.(name);
  }
  return { copied, skipped };
}
