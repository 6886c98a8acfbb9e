import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "playwright-core";
import { linkIn, type SmtpSink } from "../../server/test/support/smtp-sink";
import { shopLogFile } from "./shop-url";

/** A mail as a shop without SMTP_URL logs it: `mail to <address>: "<subject>" <link>`. */
export interface LoggedMail {
  to: string;
  subject: string;
  link: string;
}

const MAIL_LINE = /^mail to (\S+): "(.*)" (\S+)$/gm;

export function loggedMails(output: string): LoggedMail[] {
  return [...output.matchAll(MAIL_LINE)].map(([, to, subject, link]) => ({
    to: to!,
    subject: subject!,
    link: link!,
  }));
}

/** The output of this test file's shared shop (global-setup keeps it in a file). */
export const sharedShopOutput = () => readFile(shopLogFile(), "utf8");

/** How many mails to `email` with a matching subject a shop has logged so far. */
export async function countMails(
  email: string,
  subject: RegExp,
  readOutput: () => string | Promise<string> = sharedShopOutput,
): Promise<number> {
  return loggedMails(await readOutput()).filter(
    (mail) => mail.to === email.toLowerCase() && subject.test(mail.subject),
  ).length;
}

/**
 * Waits for the newest mail to `email` whose subject matches, in a shop's output. `after`: how
 * many such mails were there before, so an older one is not taken for the one just caused (mail
 * goes out through the outbox, a moment after the request that caused it).
 */
export async function waitForMail(
  email: string,
  subject: RegExp,
  readOutput: () => string | Promise<string> = sharedShopOutput,
  timeoutMs = 15_000,
  after = 0,
): Promise<LoggedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = loggedMails(await readOutput()).filter(
      (mail) => mail.to === email.toLowerCase() && subject.test(mail.subject),
    );
    const found = matching.length > after ? matching.at(-1) : undefined;
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject} in the shop's log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const VERIFICATION_SUBJECT = /^Confirm your e-mail address/;

/** Opens the link of the sign-up mail, as the shopper would (checkout needs a verified address). */
export async function verifyAddress(
  request: APIRequestContext,
  email: string,
  readOutput: () => string | Promise<string> = sharedShopOutput,
): Promise<void> {
  const mail = await waitForMail(email, VERIFICATION_SUBJECT, readOutput);
  const response = await request.get(mail.link, { maxRedirects: 0 });
  if (response.status() >= 400) {
    throw new Error(`verifying ${email} failed: ${response.status()} ${await response.text()}`);
  }
}

/**
 * With SMTP_URL a shop logs no mail lines, and the account helpers read those from a file: every
 * mail the sink receives is written to one in the log's form (`mail to x: "subject" link`).
 * Answers the file and how to stop.
 */
export async function mirrorSmtpIntoMailLog(smtp: SmtpSink, baseUrl: string) {
  const logFile = path.join(tmpdir(), `shop-e2e-mails-${randomUUID()}.log`);
  await writeFile(logFile, "");
  const timer = setInterval(() => {
    const lines = smtp.received.map((mail) => {
      const to = [mail.to ?? []].flat()[0]?.value[0]?.address ?? "";
      return `mail to ${to.toLowerCase()}: "${mail.subject}" ${linkIn(mail, baseUrl).href}`;
    });
    void writeFile(logFile, `${lines.join("\n")}\n`);
  }, 50);
  return { logFile, stop: () => clearInterval(timer) };
}
