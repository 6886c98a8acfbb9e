import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { hasCause } from "../db/error-causes";
import { inLanguage } from "../i18n/english-texts";
import { negotiateLanguage } from "../i18n/negotiate";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** An error whose message the client may read; anything else becomes a generic 500. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(detail ?? title);
  }
}

/** A rate limit's refusal: sent with `Retry-After`. */
export class TooManyRequests extends HttpProblem {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "Too Many Requests", "Too many attempts. Try again later.");
  }
}

export const notFound = (detail: string) => new HttpProblem(404, "Not Found", detail);
export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new HttpProblem(400, "Bad Request", detail, errors);

const STATUS_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * The language a response's texts are written in: negotiated as pages are (the shop_lang cookie,
 * else Accept-Language, else DEFAULT_LANGUAGE), among the languages the shop offers. When it
 * offers several, the answer says which and that it differs by those headers.
 */
export function replyLanguage(reply: FastifyReply) {
  const config = reply.server.config as FastifyReply["server"]["config"] | undefined;
  if (!config || config.languages.length < 2) return config?.defaultLanguage ?? "en";
  const language = negotiateLanguage(reply.request.headers, config);
  const vary = reply.getHeader("vary");
  const varied =
    typeof vary === "string" && vary !== "" ? `${vary}, Cookie, Accept-Language` : "Cookie, Accept-Language";
  reply.header("vary", varied).header("content-language", language);
  return language;
}

/** A text the API raised in English (an answer's `message`), in the reply's language. */
export const replyText = (reply: FastifyReply, text: string) => inLanguage(text, replyLanguage(reply));

/** A problem's texts in the reply's language (decision 041): title, detail and field messages. */
export function translatedProblem(
  reply: FastifyReply,
  problem: Pick<HttpProblem, "title" | "detail" | "errors">,
) {
  const language = replyLanguage(reply);
  const say = (text: string) => inLanguage(text, language);
  return {
    title: say(problem.title),
    ...(problem.detail ? { detail: say(problem.detail) } : {}),
    ...(problem.errors
      ? {
          errors: Object.fromEntries(
            Object.entries(problem.errors).map(([field, text]) => [field, say(text)]),
          ),
        }
      : {}),
  };
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  if (problem instanceof TooManyRequests) reply.header("retry-after", String(problem.retryAfterSeconds));
  const { title, ...texts } = translatedProblem(reply, problem);
  return reply
    .code(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send({ type: "about:blank", title, status: problem.status, ...texts });
}

export const databaseUnavailable = () =>
  new HttpProblem(503, "Service Unavailable", "The database is not reachable. Try again shortly.");

/** Error codes of node-postgres / PGlite that mean "the database is not there right now". */
const DATABASE_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  return hasCause(
    error,
    ({ code, message }) =>
      (typeof code === "string" && DATABASE_UNAVAILABLE.has(code)) ||
      (typeof message === "string" &&
        /timeout exceeded when trying to connect|timeout expired|Connection terminated|is not queryable|PGlite is clos(ed|ing)|pool after calling end/i.test(
          message,
        )),
  );
}

/**
 * PostgreSQL refuses text it cannot store, a NUL character above all (`%00` in a path, `\u0000`
 * in JSON). That is the request's fault: a 400, not a 500. The statement failed whole, so nothing
 * was written.
 */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

function isUnstorableText(error: unknown): boolean {
  return hasCause(error, ({ code }) => typeof code === "string" && UNSTORABLE_TEXT.has(code));
}

/**
 * A product-wide stock written to a product with several variants (drizzle/0008's trigger): the
 * stock is their sum and is set per variant. The statement failed whole.
 */
export const STOCK_FROM_VARIANTS_MESSAGE =
  "This product has several variants: set the stock of each variant instead.";

function isStockOfManyVariants(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const candidate = cause as { constraint?: unknown; message?: unknown };
    if (
      candidate.constraint === "products_stock_from_variants" ||
      (typeof candidate.message === "string" && candidate.message.includes("set each variant's stock"))
    )
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function fieldErrors(issues: readonly { instancePath?: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "(root)";
    errors[field] ??= issue.message ?? "Invalid value";
  }
  return errors;
}

/** One error handler for the whole API: problem+json out, details to the log only. */
export function registerProblemHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "request";
      const errors = fieldErrors(error.validation);
      return sendProblem(reply, badRequest(`The ${where} is not valid.`, errors));
    }

    if (isUnstorableText(error)) {
      return sendProblem(
        reply,
        badRequest("The request contains a character the shop cannot store (such as NUL)."),
      );
    }

    if (isStockOfManyVariants(error)) {
      return sendProblem(
        reply,
        new HttpProblem(409, "Conflict", STOCK_FROM_VARIANTS_MESSAGE, { stock: STOCK_FROM_VARIANTS_MESSAGE }),
      );
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return sendProblem(reply, databaseUnavailable());
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large …).
      return sendProblem(
        reply,
        new HttpProblem(status, STATUS_TITLES[status] ?? "Bad Request", error.message),
      );
    }

    request.log.error({ err: error }, "unhandled error");
    return sendProblem(
      reply,
      new HttpProblem(500, "Internal Server Error", "Something went wrong on our side."),
    );
  });
}
