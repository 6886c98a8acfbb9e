import { useId, type ComponentPropsWithRef, type ReactNode } from "react";

import { AlertCircleIcon } from "@/components/icons";
import { cn } from "@/lib/cn";

export type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "className"> & {
  label: string;
  /** The validation message; shown under the input and linked to it for assistive technology. */
  error?: string;
  /** A hint under the label (e.g. what format is expected). */
  hint?: ReactNode;
  className?: string;
};

/**
 * A labelled text input with its message: `aria-invalid` and `aria-describedby` point at the
 * error, so screen readers announce it with the field. Works with react-hook-form's `register()`.
 */
export function TextField({ label, error, hint, className, required, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline gap-0.5 text-sm font-semibold">
        <label htmlFor={id} className="text-ink">
          {label}
        </label>
        {/* Outside the label: the field's name stays exactly the label (aria-required says it). */}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cn(
          "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-xs",
          "placeholder:text-stone-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0",
          error
            ? "border-red-700 focus-visible:outline-red-700/40"
            : "border-stone-400 focus-visible:border-brand-600 focus-visible:outline-brand-600/30",
        )}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
