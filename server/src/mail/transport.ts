import nodemailer from "nodemailer";
import type { RenderedMail } from "./templates";

export interface Envelope extends RenderedMail {
  to: string;
  /** The mail's one link, for the log line of the logging transport. */
  link: string;
  attachments?: MailAttachment[];
  /** Headers beyond the usual ones (List-Unsubscribe on marketing mail). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where mails go: an SMTP server, or (no SMTP_URL) the server log. */
export interface MailTransport {
  /** "sent" once the SMTP server accepted it; "logged" when there is no SMTP server. */
  readonly delivers: "sent" | "logged";
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/** An SMTP answer of 5xx: the server will not take this mail however often we try. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * nodemailer over SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when offered,
 * smtps:// is TLS from the start), over a small pool of connections. Time-outs are short enough that a hanging server does not
 * outlive the sender's claim on the mail.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A campaign is thousands of mails: a few kept-open connections, not one handshake per mail.
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    delivers: "sent",
    async send({ to, subject, html, text, attachments, headers }) {
      await transporter.sendMail({
        from,
        to,
        subject,
        html,
        text,
        ...(attachments && { attachments }),
        ...(headers ? { headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP_URL: one log line per mail, with its link; the mail itself stays in the outbox. */
export function createLogTransport(log: (line: string) => void): MailTransport {
  return {
    delivers: "logged",
    async send({ to, subject, link }) {
      log(`mail to ${to}: "${subject}" ${link}`);
    },
    close: () => {},
  };
}
