import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth";

/** Texts of the account screens: password reset, verification, password and e-mail change, deletion. */
export const ACCOUNT_MESSAGES = {
  resetSent:
    "If an account uses this address, we have sent it a link to choose a new password. The link works once, for 60 minutes.",
  resetLinkInvalid: "This link has expired or was used already. Ask for a new one below.",
  passwordsDiffer: "The passwords do not match",
  currentPasswordRequired: "Current password is Required",
  verificationSent: "We sent a new confirmation link. Check your mail.",
  emailChangeSent: "We sent a link to the new address. Your e-mail changes once you open it.",
  sameEmail: "This is your current address",
} as const;

const newPassword = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

const passwordsMatch = {
  check: (values: { newPassword: string; confirmPassword: string }) =>
    values.newPassword === values.confirmPassword,
  options: { message: ACCOUNT_MESSAGES.passwordsDiffer, path: ["confirmPassword"] },
};

export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch.check, passwordsMatch.options);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch.check, passwordsMatch.options);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changeEmailFormSchema = z.object({ newEmail: email });
export type ChangeEmailForm = z.infer<typeof changeEmailFormSchema>;

/** One signed-in device, as Better Auth's list-sessions answers it (the fields we show). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullish(),
  ipAddress: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
