import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { forgetPersonalData, promoteVerifiedAdmins } from "../account/service";
import { negotiateLanguage } from "../i18n/negotiate";
import { mailLanguage } from "./mail-language";
import { enqueueMails } from "./outbox";

/** A reset link works once, for this long. */
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 60 * 60;
/** A verification link works for this long (it is signed, not stored: any number of times). */
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 24 * 60 * 60;
/** The SPA page a reset link opens; it posts the token with the new password. */
export const RESET_PASSWORD_PAGE = "/reset-password";

interface AccountMailOptions {
  config: Config;
  db: Db;
  /** Called after a mail was queued, so this instance's sender looks at once. */
  onQueued: () => void;
}

interface MailUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The parts of the Better Auth configuration that send mail: verification, password reset,
 * e-mail change (confirmed from the new address) and account deletion. Better Auth makes the
 * tokens and checks them; we only put the mails into the outbox.
 */
export function accountMailOptions({ config, db, onQueued }: AccountMailOptions) {
  const adminEmails = config.adminEmails;

  /** The language of the page that asked (a sign-up's account has none of its own yet). */
  const languageOf = (request: Request | undefined) =>
    negotiateLanguage(
      {
        cookie: request?.headers.get("cookie") ?? undefined,
        "accept-language": request?.headers.get("accept-language") ?? undefined,
      },
      config,
    );

  const sendVerificationEmail = async ({ user, url }: { user: MailUser; url: string }, request?: Request) => {
    // On an e-mail change Better Auth passes the user with the new address in place of the old.
    const [stored] = await db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, user.id));
    const isChange = stored !== undefined && stored.email !== user.email.toLowerCase();
    // The new address has no account yet: the mail follows the account's language.
    const requestLanguage = mailLanguage(stored?.language, languageOf(request));
    await enqueueMails(db, [
      isChange
        ? {
            kind: "change-email",
            recipient: user.email,
            requestLanguage,
            data: { name: user.name, url, newEmail: user.email },
          }
        : { kind: "verify-email", recipient: user.email, requestLanguage, data: { name: user.name, url } },
    ]);
    onQueued();
  };

  const sendResetPassword = async ({ user, token }: { user: MailUser; token: string }, request?: Request) => {
    // The address lets the page sign the shopper in with the new password straight away.
    const query = new URLSearchParams({ token, email: user.email });
    const url = `${config.baseUrl}${RESET_PASSWORD_PAGE}?${query.toString()}`;
    await enqueueMails(db, [
      {
        kind: "reset-password",
        recipient: user.email,
        requestLanguage: languageOf(request),
        data: { name: user.name, url, expiresInMinutes: RESET_PASSWORD_EXPIRES_IN_SECONDS / 60 },
      },
    ]);
    onQueued();
  };

  return {
    passwordReset: {
      sendResetPassword,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      // A new password ends every session, the thief's included; the shopper signs in again.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendVerificationEmail,
      sendOnSignUp: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      afterEmailVerification: async () => {
        await promoteVerifiedAdmins(db, adminEmails);
      },
    },
    changeEmail: { enabled: true },
    deleteUser: {
      enabled: true,
      beforeDelete: async (user: MailUser) => forgetPersonalData(db, user),
    },
    /** The role a new account starts with: admin only for a listed address already verified (Google). */
    initialRole: (user: { email: string; emailVerified?: boolean | null }) =>
      user.emailVerified === true && adminEmails.includes(user.email.toLowerCase()) ? "admin" : "user",
  };
}
