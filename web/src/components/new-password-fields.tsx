import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { PasswordField } from "@/components/text-field";
import { t } from "@/components/messages";

/**
 * The sign-up rules, said wherever a password is chosen (the minimum is the contract's PASSWORD_MIN_LENGTH).
 * The fields below say them from the catalogue ("components.passwordHint"); this English copy is
 * left for the auth feature's AUTH_TEXTS until its texts move to the catalogue too.
 */
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
        label={t("components.newPassword")}
        purpose="new"
        hint={t("components.passwordHint")}
        error={fieldErrors.newPassword?.message}
        {...fields("newPassword")}
      />
      <PasswordField
        label={t("components.repeatPassword")}
        purpose="new"
        error={fieldErrors.confirmPassword?.message}
        {...fields("confirmPassword")}
      />
    </>
  );
}
