import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_MESSAGES = {
  emailRequired: "Email is Required",
  emailInvalid: "Provide a valid Email",
  passwordRequired: "Password is Required",
  passwordTooShort: "Password Must be 6 characters or longer",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  nameRequired: "Name is Required",
} as const;

/**
 * The e-mail field of the sign-in and sign-up forms. SPEC's pattern (lowercase letters and digits,
 * an @, letters, a dot, 2 to 3 letters) refused real addresses such as `john.smith@gmail.com`;
 * the forms take every address Better Auth takes (it checks with zod's `z.email()` too), with
 * SPEC's message for a malformed one. Letter case does not matter: Better Auth lower-cases the
 * address on sign-up and on sign-in, so `Ann@Example.COM` and `ann@example.com` are one account.
 */
export const emailFieldSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

export const signInFormSchema = z.object({
  email: emailFieldSchema,
  password: z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const registerFormSchema = signInFormSchema.extend({
  name: z.string().trim().min(1, AUTH_MESSAGES.nameRequired).max(80, "Name must be at most 80 characters"),
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** SPEC's token call: PUT /user/{email} answers the access token the SPA keeps as `accesstoken`. */
export const tokenResponseSchema = z.object({ token: z.string() });
export const adminCheckResponseSchema = z.object({ admin: z.boolean() });

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const authProvidersSchema = z.object({ emailPassword: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Better Auth's provider id for Google (genericOAuth registers it as a social provider):
 * POST /api/auth/sign-in/social {provider, callbackURL, errorCallbackURL} answers {url, redirect};
 * Google comes back to /api/auth/callback/google. (There is no /sign-in/oauth2 in Better Auth 1.7.)
 */
export const GOOGLE_PROVIDER_ID = "google";
