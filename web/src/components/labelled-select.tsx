import { useId } from "react";

export type LabelledSelectOption<Value extends string> = {
  value: Value;
  label: string;
  /** The option's language, where it names one in its own words (the language switcher). */
  lang?: string;
};

export type LabelledSelectProps<Value extends string> = {
  label: string;
  value: Value;
  options: readonly LabelledSelectOption<Value>[];
  onChange: (value: Value) => void;
  /** The label's and the select's layout around them, e.g. "flex items-center gap-2". */
  className: string;
  /** "sr-only" where the options speak for themselves. */
  labelClassName: string;
  selectClassName: string;
};

/**
 * A native select that acts at once (a list's order or filter, the page's language), with its label;
 * not a form's field (that is SelectField).
 */
export function LabelledSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  className,
  labelClassName,
  selectClassName,
}: LabelledSelectProps<Value>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        className={selectClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
