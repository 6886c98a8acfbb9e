import { getErrorMessage, isApiError } from "@/lib/api-client";

/**
 * An error's message for a toast or a form: the server's reasons for the fields it refused, when
 * it gave any ("Enter an amount in dollars, such as 4.99" rather than "The body is not valid."),
 * else the error's own message.
 */
export function errorMessageWithFields(error: unknown): string {
  const fieldMessages = isApiError(error) ? Object.values(error.errors) : [];
  return fieldMessages.length > 0 ? fieldMessages.join(" ") : getErrorMessage(error);
}
