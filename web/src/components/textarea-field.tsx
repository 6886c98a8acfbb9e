import type { ComponentPropsWithRef, ReactNode } from "react";

import { controlClassName, FormField } from "@/components/form-field";

export type TextareaFieldProps = Omit<ComponentPropsWithRef<"textarea">, "id" | "className"> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/** A labelled multi-line text input with its message; works with react-hook-form's `register()`. */
export function TextareaField({
  label,
  error,
  hint,
  required,
  className,
  rows = 4,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={controlClassName(error, "resize-y")}
          {...textareaProps}
        />
      )}
    </FormField>
  );
}
