import type { FastifyReply, FastifyRequest } from "fastify";
import { hasCause } from "../db/error-causes";
import { HttpProblem, sendProblem } from "../http/problem";

export const EMAIL_TAKEN_MESSAGE =
  "This address now belongs to another account. Your account keeps the address it had; nothing was changed.";

/**
 * An e-mail change confirmed after someone else registered the new address: the users table's
 * unique address refuses the update, and the statement changed nothing. The shopper's doing (or
 * bad luck), not the server's: a 409, never a logged 500.
 */
export const isEmailTaken = (error: unknown) =>
  hasCause(error, ({ code, constraint }) => code === "23505" && constraint === "users_email_unique");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A path on this shop to go back to (the link's callbackURL), never another site. */
const backPathOf = (callbackUrl: unknown) =>
  typeof callbackUrl === "string" && callbackUrl.startsWith("/") && !/^\/[/\\]/.test(callbackUrl)
    ? callbackUrl
    : "/";

/**
 * The link was opened in a browser (it came by mail), so a browser gets a page of its own, short
 * and readable on a phone; anything else gets the API's problem+json.
 */
export function sendEmailTaken(request: FastifyRequest, reply: FastifyReply) {
  const problem = new HttpProblem(409, "Conflict", EMAIL_TAKEN_MESSAGE);
  if (!(request.headers.accept ?? "").includes("text/html")) return sendProblem(reply, problem);
  const back = escapeHtml(backPathOf((request.query as Record<string, unknown> | undefined)?.callbackURL));
  return reply.code(409).type("text/html; charset=utf-8").header("cache-control", "no-store")
    .send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Address not changed | Trendsetters</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; color: #111827; }
      main { max-width: 36rem; margin: 0 auto; padding: 3rem 1rem; line-height: 1.5; }
      a { color: #3730a3; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>Your address was not changed</h1>
      <p>${escapeHtml(EMAIL_TAKEN_MESSAGE)}</p>
      <p>To use another address, ask for the change again from your account.</p>
      <p><a href="${back}">Back to your account</a></p>
    </main>
  </body>
</html>
`);
}
