import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { PasswordField } from "@/components/text-field";

/** The sign-up rules, said wherever a password is chosen (the minimum is the contract's PASSWORD_MIN_LENGTH). */
export const NEW_PASSWORD_HINT = "At least 6 characters; avoid common passwords.";

/** The two fields of a form that chooses a new password. */
export type NewPasswordValues = { newPassword: string; confirmPassword: string };

export type NewPasswordFieldsProps<Values extends NewPasswordValues> = {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
};

/** A new password and its repetition, with the rules under the first: reset and change forms. */
export function NewPasswordFields<Values extends NewPasswordValues>({
  register,
  errors,
}: NewPasswordFieldsProps<Values>) {
  // Both forms' values extend NewPasswordValues; react-hook-form types the names per form.
  const fields = register as unknown as UseFormRegister<NewPasswordValues>;
  const fieldErrors = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label="New password"
        purpose="new"
        hint={NEW_PASSWORD_HINT}
        error={fieldErrors.newPassword?.message}
        {...fields("newPassword")}
      />
      <PasswordField
        label="Repeat the new password"
        purpose="new"
        error={fieldErrors.confirmPassword?.message}
        {...fields("confirmPassword")}
      />
    </>
  );
}
