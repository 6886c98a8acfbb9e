import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { HttpProblem, sendProblem } from "../http/problem";

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The single-page app from `webRoot`: hashed assets cached for good, demo images for a day,
 * index.html always revalidated, and every other address that is not the API gets index.html
 * (the app routes on the client). Without a build the API still works. Anything else is a 404
 * problem.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  /** index.html for a page, with its head when the catalogue is public (seo/routes.ts); undefined: the file as built. */
  renderIndex: (webRoot: string, urlPath: string) => Promise<{ status: number; html: string } | undefined>,
) {
  if (existsSync(path.join(webRoot, "index.html"))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Our setHeaders decides caching per folder.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webRoot, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.setHeader("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
        } else if (relative.startsWith(`demo${path.sep}`)) {
          res.setHeader("cache-control", "public, max-age=86400");
        } else {
          res.setHeader("cache-control", "no-cache");
        }
      },
    });
    // Deep links such as /aboutproduct/<id> get the app, which routes on the client. A route,
    // not the not-found handler: routes get compressed, the not-found handler does not.
    app.get("/*", { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split("?", 1)[0] ?? "/";
      const isApi = urlPath === "/api" || urlPath.startsWith("/api/");
      if (isApi || path.extname(urlPath)) return reply.callNotFound();
      reply.header("cache-control", "no-cache");
      const page = await renderIndex(webRoot, urlPath);
      if (!page) return reply.sendFile("index.html");
      return reply.code(page.status).type("text/html; charset=utf-8").send(page.html);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split("?", 1)[0] ?? "/";
    return sendProblem(
      reply,
      new HttpProblem(404, "Not Found", `No route for ${request.method} ${urlPath}.`),
    );
  });
}
