import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { makeGuards } from "../auth/guards";
import { createBackup } from "./archive";
import { isOwnBackupToken } from "./running-server";

export const BACKUP_TOKEN_HEADER = "x-backup-token";

/**
 * POST /admin/backup: the archive `npm run admin -- backup` writes, made by the running server
 * (on the embedded database no other process may open DATA_DIR). Admins, or the CLI with the
 * token from DATA_DIR/server.json.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = makeGuards(app);
  app.post(
    "/admin/backup",
    {
      onRequest: async (request) => {
        const offered = request.headers[BACKUP_TOKEN_HEADER];
        if (await isOwnBackupToken(app.config.dataDir, typeof offered === "string" ? offered : undefined))
          return;
        await requireAdmin(request);
      },
      schema: {
        tags: ["admin"],
        summary:
          "A backup (gzipped tar): on the embedded database the database, its auth secret and the images; on PostgreSQL the images",
      },
    },
    async (_request, reply) => {
      const stamp = new Date().toISOString().replaceAll(/[:.]/g, "-");
      return reply
        .type("application/gzip")
        .header("content-disposition", `attachment; filename="shop-backup-${stamp}.tar.gz"`)
        .header("cache-control", "no-store")
        .send(
          createBackup({ database: app.database, imageStore: app.imageStore, dataDir: app.config.dataDir }),
        );
    },
  );
};
