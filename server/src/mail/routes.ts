import { listQuerySchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import { mailDetailSchema, mailSummarySchema, type MailSummary } from "@shop/contract/mail";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { adminOnlyRoutes } from "../auth/guards";
import { pageOf } from "../db/page-of";
import { mails } from "../db/schema";
import { notFound } from "../http/problem";
import type { MailMessage } from "./mail-kinds";
import { languageOfRow, messageOf, type MailRow } from "./outbox";
import { renderMail } from "./templates";

const toSummary = (row: MailRow): MailSummary => ({
  _id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** Where a mail's secret link was (a reset or verification link acts for its recipient). */
export const WITHHELD_LINK = "https://link-withheld.invalid/";

/**
 * With SMTP the recipient got the mail; an admin reading it must not be able to use their reset
 * or verification link. Without SMTP the Mail page is the only way the link reaches anyone.
 */
function withheldLink(message: MailMessage, smtpConfigured: boolean): MailMessage {
  if (!smtpConfigured || !("url" in message.data)) return message;
  return { ...message, data: { ...message.data, url: WITHHELD_LINK } } as MailMessage;
}

/** The admin's Mail page, for admins only: every mail in the outbox, newest first, and each one as rendered. */
export const mailRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/admin/mails",
    {
      schema: {
        summary: "Mails in the outbox, newest first (queued, sent, logged without SMTP, failed)",
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(mailSummarySchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await pageOf(
        db,
        mails,
        undefined,
        [desc(mails.createdAt), desc(mails.id)],
        request.query,
      );
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(toSummary);
    },
  );

  app.get(
    "/admin/mails/:mailId",
    {
      schema: {
        summary: "One mail with its HTML and plain-text parts, as it is sent",
        params: z.object({ mailId: z.uuid() }),
        response: { 200: mailDetailSchema },
      },
    },
    async (request) => {
      const [row] = await db.select().from(mails).where(eq(mails.id, request.params.mailId)).limit(1);
      if (!row) throw notFound("No such mail.");
      const { html, text } = await renderMail(
        withheldLink(messageOf(row), Boolean(app.config.smtpUrl)),
        { baseUrl: app.config.baseUrl },
        languageOfRow(row),
      );
      return { ...toSummary(row), html, text };
    },
  );
});
