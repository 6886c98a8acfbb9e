import type { ComponentPropsWithRef, ReactNode } from "react";

import { controlClassName, FormField } from "@/components/form-field";
import { t } from "@/lib/i18n";

export type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "className"> & {
  label: string;
  /** The validation message; shown under the input and linked to it for assistive technology. */
  error?: string;
  /** A hint under the label (e.g. what format is expected). */
  hint?: ReactNode;
  className?: string;
};

/**
 * A labelled text input with its message (FormField's layout and ARIA wiring). Works with
 * react-hook-form's `register()`.
 */
export function TextField({ label, error, hint, className, required, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <input {...control} className={controlClassName(error)} {...inputProps} />}
    </FormField>
  );
}

/** An e-mail address: the keyboard, autofill and no autocorrection a phone should offer. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** A phone number (SPEC's "Phone No."): the phone keypad and the browser's autofill. */
export function PhoneField(props: Omit<TextFieldProps, "type" | "label">) {
  return (
    <TextField
      label={t("components.phone")}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      {...props}
    />
  );
}

/** A password: the one the user has (`current`) or one being chosen (`new`), for password managers. */
export function PasswordField({
  purpose,
  ...props
}: Omit<TextFieldProps, "type" | "autoComplete"> & { purpose: "current" | "new" }) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required {...props} />;
}
