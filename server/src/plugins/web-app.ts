import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { Language } from "@shop/contract/languages";
import type { FastifyInstance } from "fastify";
import { HttpProblem, sendProblem } from "../http/problem";
import { negotiateLanguage, type LanguageSettings } from "../i18n/negotiate";
import { pagePreloadsOf, type PagePreloads } from "./page-preloads";

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
  /**
   * index.html for a page in a language, with its head when the catalogue is public
   * (seo/routes.ts); undefined: the file as built.
   */
  renderIndex: (
    webRoot: string,
    urlPath: string,
    language: Language,
    search: string,
  ) => Promise<{ status: number; html: string } | undefined>,
  languageSettings: LanguageSettings,
) {
  if (existsSync(path.join(webRoot, "index.html"))) {
    const pagePreloads = pagePreloadsOf(webRoot, languageSettings.languages);
    let plainIndex: Promise<string> | undefined;
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
      // The page comes in the visitor's language (decision 041): it differs by these headers.
      const search = request.url.split("?")[1] ?? "";
      const requested = new URLSearchParams(search).get("lang");
      const language = negotiateLanguage(request.headers, languageSettings, requested);
      reply.header("vary", "Cookie, Accept-Language").header("content-language", language);
      const page = (await renderIndex(webRoot, urlPath, language, search)) ?? {
        status: 200,
        html: await (plainIndex ??= readFile(path.join(webRoot, "index.html"), "utf8")),
      };
      const html = withLanguage(
        page.html,
        language,
        languageSettings.languages,
        pagePreloads(urlPath, language),
      );
      return reply.code(page.status).type("text/html; charset=utf-8").send(html);
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

/**
 * index.html in `language`: <html lang>, the languages the switcher offers, and what the page
 * fetches after the entry (its language's messages and font, its features' catalogues:
 * page-preloads.ts) preloaded beside the entry.
 */
export function withLanguage(
  html: string,
  language: Language,
  offered: readonly Language[],
  { modules, fonts }: PagePreloads = { modules: [], fonts: [] },
): string {
  const localised = html.replace(
    /<html lang="[^"]*"/,
    `<html lang="${language}" data-languages="${offered.join(",")}"`,
  );
  const links = [
    ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`),
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
  if (links.length === 0) return localised;
  return localised.replace("</head>", `${links.map((link) => `  ${link}\n`).join("")}  </head>`);
}
