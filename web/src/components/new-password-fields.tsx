import type { UseFormRegisterReturn } from "react-hook-form";

import { PasswordField } from "@/components/text-field";

/** The sign-up rules, said wherever a password is chosen (the minimum is the contract's PASSWORD_MIN_LENGTH). */
export const NEW_PASSWORD_HINT = "At least 6 characters; avoid common passwords.";

export type NewPasswordFieldsProps = {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
};

/** A new password and its repetition, with the rules under the first: reset and change forms. */
export function NewPasswordFields({ newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        purpose="new"
        hint={NEW_PASSWORD_HINT}
        error={errors.newPassword}
        {...newPassword}
      />
      <PasswordField
        label="Repeat the new password"
        purpose="new"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
