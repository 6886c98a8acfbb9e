import type { ComponentPropsWithRef, ReactNode } from "react";

import { controlClassName, FormField } from "@/components/form-field";

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<ComponentPropsWithRef<"select">, "id" | "className" | "children"> & {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose a category" (value ""). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/** A labelled native select with its message; works with react-hook-form's `register()`. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  required,
  className,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select {...control} className={controlClassName(error, "pr-8")} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
