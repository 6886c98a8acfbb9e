import { NEW_PASSWORD_HINT } from "@/components/new-password-fields";

/** Texts of the accounts screens (SPEC sections 4, 7 and 8). */
export const AUTH_TEXTS = {
  /** SPEC section 7: shown once a new account is made and its display name set. */
  registered: "Your Profile is Updated",
  googleFailed: "Signing in with Google did not complete. Please try again, or log in with your e-mail.",
  /** Google's address already has a password account here: the way forward is to link it. */
  googleNotLinked:
    "This e-mail already has an account with a password. Log in with your password, then link Google on your profile page to use either from now on.",
  /** Under the password of the register form, as under every new password. */
  passwordHint: NEW_PASSWORD_HINT,
} as const;
