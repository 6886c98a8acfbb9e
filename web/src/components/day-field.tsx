import type { InputHTMLAttributes } from "react";

import { FormField } from "@/components/form-field";

/** The classes of a compact control in a dashboard form: a filter's select or search box, a day. */
export const COMPACT_CONTROL_CLASSES =
  "min-h-10 rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink shadow-xs";

type DayFieldProps = {
  label: string;
  /** The day as yyyy-mm-dd, or "" for none. */
  value: string;
  onChange: (day: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "min" | "max" | "required">;

/** A labelled day picker of a dashboard form: a filter's first or last day, an export's range. */
export function DayField({ label, onChange, ...input }: DayFieldProps) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          type="date"
          {...input}
          onChange={(event) => onChange(event.target.value)}
          className={COMPACT_CONTROL_CLASSES}
        />
      )}
    </FormField>
  );
}
