import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { DEFAULT_SENDER_OPTIONS, MailSender, type MailSenderOptions } from "../mail/sender";
import { createLogTransport, createSmtpTransport } from "../mail/transport";
import { invoiceAttachments } from "../fulfilment/mail-attachments";

export interface MailOptions {
  /** Tests shorten the sender's poll and back-off. */
  mail?: Partial<MailSenderOptions> | undefined;
  /** Without SMTP_URL each mail is one line here (with its link); the app's info log by default. */
  mailLog?: ((line: string) => void) | undefined;
}

/** `app.mailSender`: drains the outbox over SMTP_URL, or logs each mail when there is none. */
export function registerMailSender(
  app: FastifyInstance,
  config: Config,
  database: Database,
  { mail, mailLog }: MailOptions,
) {
  const mailSender = new MailSender(
    database.db,
    config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createLogTransport(mailLog ?? ((line) => app.log.info(line))),
    { baseUrl: config.baseUrl },
    app.log,
    { ...DEFAULT_SENDER_OPTIONS, ...mail },
    (message) => invoiceAttachments(database.db, message),
  );
  app.decorate("mailSender", mailSender);
  app.addHook("onReady", async () => mailSender.start());
  app.addHook("onClose", () => mailSender.stop());
}
