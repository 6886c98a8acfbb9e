/**
 * Uploaded product images (server/src/uploads): the WebP, at most 1600 px on its longer edge, at
 * `/uploads/<id>.webp`, and beside it copies scaled to smaller widths at `/uploads/<id>-<w>w.webp`.
 * Thumbnails and cards load the copy that fits their slot (the web app's `srcset`). No zod here:
 * the web app's first page imports this.
 */
export const UPLOAD_MAX_EDGE_PX = 1600;

/** Thumbnails (48–64 px, up to 3× pixel density) and cards (about 300–400 px, 2×). */
export const UPLOAD_VARIANT_WIDTHS = [320, 800] as const;

const UPLOAD_PATH = /^\/uploads\/[0-9a-f-]{36}\.webp$/;

/** Where the copy of an uploaded image `width` pixels wide is kept. */
export function uploadVariantPath(path: string, width: number): string {
  return path.replace(/\.webp$/, `-${width}w.webp`);
}

/** A `srcset` for an uploaded image (its copies and the original), or undefined for any other image. */
export function uploadSrcSet(path: string): string | undefined {
  if (!UPLOAD_PATH.test(path)) return undefined;
  return [
    ...UPLOAD_VARIANT_WIDTHS.map((width) => `${uploadVariantPath(path, width)} ${width}w`),
    `${path} ${UPLOAD_MAX_EDGE_PX}w`,
  ].join(", ");
}

/**
 * The `sizes` of a product page's main picture: 600 px beside the details on wide screens, the
 * screen's width below. The server's head preloads the picture with it, so both pick one file.
 */
export const PRODUCT_PAGE_IMAGE_SIZES = "(min-width: 1024px) 600px, 100vw";

/**
 * The `sizes` of a product card's picture in a list: four across on wide screens, two on tablets,
 * one on phones. A list page's head preloads its first card's picture with it.
 */
export const PRODUCT_CARD_IMAGE_SIZES = "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw";
