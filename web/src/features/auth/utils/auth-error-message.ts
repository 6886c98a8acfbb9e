import { errorMessageWithFields } from "@/lib/error-message-with-fields";

/**
 * The message of a failed sign-in or sign-up, as the server put it: "Invalid email or password",
 * "User already exists. Use another email.", "Too many attempts. Try again later.", or a field's
 * reason (a too common password) when the server refused the form's values.
 */
export const authErrorMessage = errorMessageWithFields;
