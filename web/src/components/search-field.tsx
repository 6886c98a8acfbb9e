import { useId, type FormEvent, type RefObject } from "react";

import { CloseIcon, SearchIcon } from "@/components/icons";
import { Spinner } from "@/components/spinner";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

export type SearchFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Enter: search at once instead of after the pause (the field searches as one types). */
  onSubmit?: () => void;
  /** The clear button's action; by default it empties the field through onChange. */
  onClear?: () => void;
  /** The clear button's name; by default "Clear <label>". */
  clearLabel?: string;
  /** A line under the field, read with it. */
  hint?: string;
  /** The query parameter it fills, for a form that works without JavaScript. */
  name?: string;
  /** "lg": the storefront's own search; "base": a dashboard list's. */
  size?: "base" | "lg";
  /** A small spinner in the box while results for a new search load. */
  isSearching?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
};

const SIZES = {
  base: {
    label: "mb-1.5",
    icon: "left-3",
    input: "min-h-11 rounded-lg border-stone-400 py-2 pr-20 pl-10 shadow-xs",
    actions: "right-1.5",
    clear: "size-8 rounded-md",
  },
  lg: {
    label: "mb-2",
    icon: "left-4",
    input: "min-h-12 rounded-xl border-stone-300 py-3 pr-24 pl-12 shadow-sm",
    actions: "right-2",
    clear: "size-9 rounded-lg",
  },
} as const;

/** A labelled search box (role "search") that searches as one types, with a clear button. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  onSubmit,
  onClear,
  clearLabel,
  hint,
  name,
  size = "base",
  isSearching = false,
  inputRef,
  className,
}: SearchFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const look = SIZES[size];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={className}>
      <label htmlFor={inputId} className={cn("block text-sm font-semibold text-ink", look.label)}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon
          className={cn(
            "pointer-events-none absolute top-1/2 size-5 -translate-y-1/2 text-ink-muted",
            look.icon,
          )}
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          enterKeyHint="search"
          placeholder={placeholder}
          aria-describedby={hint ? hintId : undefined}
          className={cn(
            "w-full border bg-white text-base text-ink placeholder:text-stone-500 focus:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none",
            look.input,
          )}
        />
        <div className={cn("absolute inset-y-0 flex items-center gap-1", look.actions)}>
          {isSearching ? <Spinner size="sm" label={t("components.searching")} /> : null}
          {value ? (
            <button
              type="button"
              onClick={onClear ?? (() => onChange(""))}
              aria-label={clearLabel ?? t("components.clear", { label: label.toLowerCase() })}
              className={cn(
                "inline-flex items-center justify-center text-ink-muted hover:bg-stone-100 hover:text-ink",
                look.clear,
              )}
            >
              <CloseIcon className="size-5" />
            </button>
          ) : null}
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="mt-2 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
