import { z } from "zod";

/**
 * pending: waiting for its turn or for the SMTP server to come back; sent: the SMTP server took
 * it; logged: no SMTP_URL is set, so it went to the server log (and the admin's Mail page);
 * failed: the SMTP server refused it for good (a 5xx answer, such as an unknown recipient).
 */
export const MAIL_STATUSES = ["pending", "sent", "logged", "failed"] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** One row of the admin's Mail page. */
export const mailSummarySchema = z.object({
  _id: z.uuid(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** One mail as it is (or was) sent: both parts. */
export const mailDetailSchema = mailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;
