import { NEW_PASSWORD_HINT } from "@/components/new-password-fields";

/**
 * Texts of the accounts screens shared with other screens; the rest are in the auth catalogue
 * (messages/, decision 041), e.g. SPEC section 7's "Your Profile is Updated" (auth.registered).
 */
export const AUTH_TEXTS = {
  /** Under the password of the register form, as under every new password. */
  passwordHint: NEW_PASSWORD_HINT,
} as const;
