/** Texts of the accounts screens (SPEC sections 4, 7 and 8). */
export const AUTH_TEXTS = {
  /** SPEC section 7: shown once a new account is made and its display name set. */
  registered: "Your Profile is Updated",
  googleFailed: "Signing in with Google did not complete. Please try again, or log in with your e-mail.",
  /** Under the password of the register form (the minimum is PASSWORD_MIN_LENGTH of the contract). */
  passwordHint: "At least 6 characters; avoid common passwords.",
} as const;
