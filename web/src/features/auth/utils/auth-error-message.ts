import { getErrorMessage, isApiError } from "@/lib/api-client";

/**
 * The message of a failed sign-in or sign-up, as the server put it: "Invalid email or password",
 * "User already exists. Use another email.", "Too many attempts. Try again later.", or a field's
 * reason (a too common password) when the server refused the form's values.
 */
export function authErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const fieldMessages = Object.values(error.errors);
    if (fieldMessages.length > 0) return fieldMessages.join(" ");
  }
  return getErrorMessage(error);
}
