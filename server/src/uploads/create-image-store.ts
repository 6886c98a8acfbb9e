import type { Config } from "../config";
import type { Database } from "../db/client";
import { createDatabaseImageStore } from "./database-image-store";
import { createFileImageStore, uploadsDir } from "./file-image-store";
import type { ImageStore } from "./image-store";

/**
 * The store the configuration names (config.ts decides: files, the database, or S3). The AWS SDK
 * is loaded only when S3 is configured: it adds start-up time and memory nobody else needs.
 */
export async function createImageStore(config: Config, database?: Database): Promise<ImageStore> {
  switch (config.imageStorage.kind) {
    case "files":
      return createFileImageStore(uploadsDir(config.dataDir));
    case "database":
      if (!database) throw new Error("The database image store needs the database");
      return createDatabaseImageStore(database.db);
    case "s3": {
      const { createS3ImageStore } = await import("./s3-image-store");
      return createS3ImageStore(config.imageStorage.s3);
    }
  }
}
