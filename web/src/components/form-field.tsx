import { useId, type ReactNode } from "react";

import { AlertCircleIcon } from "@/components/page-icons";
import { cn } from "@/lib/cn";
import { inPageLanguage } from "@/lib/i18n";

/** What a control inside a FormField needs to be labelled and described. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

export type FormFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  /** Renders the control with the ids and ARIA attributes that tie it to its label and messages. */
  children: (control: FieldControlProps) => ReactNode;
};

/** The classes of every text-like control: inputs (TextField), selects and text areas. */
export function controlClassName(error: string | undefined, className?: string) {
  return cn(
    "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-xs",
    "placeholder:text-stone-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0",
    error
      ? "border-red-700 focus-visible:outline-red-700/40"
      : "border-stone-400 focus-visible:border-brand-600 focus-visible:outline-brand-600/30",
    className,
  );
}

/**
 * Label, hint, control and validation message: the message is linked to
 * the control (aria-describedby), so screen readers announce it with the field.
 */
export function FormField({ label, error, hint, required, className, children }: FormFieldProps) {
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
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required ? true : undefined,
      })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * A validation message in red with its icon. A shared schema's message (raised in English) shows
 * in the page's language.
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      {typeof children === "string" ? inPageLanguage(children) : children}
    </p>
  );
}
