import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpProblem } from "../http/problem";

/** A database that does not answer within this time counts as down. */
const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["operations"],
        summary: "Liveness and database reachability",
        response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) },
      },
    },
    async () => {
      const { database } = app;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("ping timed out")), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.ping(), timeout]);
      } catch {
        throw new HttpProblem(503, "Service Unavailable", "The database is not reachable.");
      } finally {
        clearTimeout(timer);
      }
      return { status: "ok" as const, database: database.kind };
    },
  );
};
