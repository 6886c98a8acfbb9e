import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { etagOfBytes, IMAGE_NAME, type ImageStore } from "./image-store";

const LIST_PAGE = 500;

/** Images in the `images` table: every instance on the same PostgreSQL sees them. */
export function createDatabaseImageStore(db: Db): ImageStore {
  return {
    kind: "database",
    async put(name, bytes, contentType) {
      if (!IMAGE_NAME.test(name)) throw new Error(`Not an image name: ${name}`);
      await db
        .insert(images)
        .values({ name, contentType, etag: etagOfBytes(bytes), bytes })
        .onConflictDoNothing({ target: images.name });
    },
    async get(name) {
      if (!IMAGE_NAME.test(name)) return null;
      const [row] = await db
        .select({ bytes: images.bytes, contentType: images.contentType, etag: images.etag })
        .from(images)
        .where(eq(images.name, name));
      return row ?? null;
    },
    async has(name) {
      if (!IMAGE_NAME.test(name)) return false;
      const [row] = await db.select({ name: images.name }).from(images).where(eq(images.name, name));
      return Boolean(row);
    },
    async *list() {
      // Names only, a page at a time: a listing never loads the bytes.
      let after = "";
      for (;;) {
        const page = await db
          .select({ name: images.name })
          .from(images)
          .where(gt(images.name, after))
          .orderBy(asc(images.name))
          .limit(LIST_PAGE);
        for (const row of page) yield row.name;
        if (page.length < LIST_PAGE) return;
        after = page.at(-1)!.name;
      }
    },
    close: async () => {},
  };
}
