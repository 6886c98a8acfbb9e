import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  port: number;
  /** Every mail that arrived, parsed, in order of arrival. */
  received: ParsedMail[];
  /** Mails to this address so far. */
  to(address: string): ParsedMail[];
  /** Resolves once `predicate` holds for what arrived, or fails after `timeoutMs`. */
  waitFor(predicate: (received: ParsedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const recipientsOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

/** A real SMTP server in the test process (no TLS, no auth), on `port` or a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    to: (address) => received.filter((mail) => recipientsOf(mail).includes(address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`expected mail did not arrive (${received.length} arrived)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link into the shop in a mail's plain-text part. */
export function linkIn(mail: ParsedMail, baseUrl: string): URL {
  const [first] = linksIn(mail, baseUrl);
  if (!first) throw new Error(`no link in the mail "${mail.subject}"`);
  return first;
}

/** Every link to the shop in the mail's text part, in order. */
export function linksIn(mail: ParsedMail, baseUrl: string): URL[] {
  const pattern = new RegExp(`${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S+`, "g");
  return [...(mail.text ?? "").matchAll(pattern)].map((match) => new URL(match[0]));
}
