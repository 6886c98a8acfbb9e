import { useId, type RefObject } from "react";

import { CloseIcon, SearchIcon } from "@/components/icons";
import { Spinner } from "@/components/spinner";
import { cn } from "@/lib/cn";

export type SearchFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** A small spinner in the box while results for a new search load. */
  isSearching?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
};

/** A labelled search box (role "search") for filtering a list as one types, with a clear button. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  isSearching = false,
  inputRef,
  className,
}: SearchFieldProps) {
  const inputId = useId();
  return (
    <form role="search" aria-label={label} onSubmit={(event) => event.preventDefault()} className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          enterKeyHint="search"
          placeholder={placeholder}
          className={cn(
            "min-h-11 w-full rounded-lg border border-stone-400 bg-white py-2 pr-20 pl-10 text-base text-ink shadow-xs",
            "placeholder:text-stone-500 focus:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none",
          )}
        />
        <div className="absolute inset-y-0 right-1.5 flex items-center gap-1">
          {isSearching ? <Spinner size="sm" label="Searching…" /> : null}
          {value ? (
            <button
              type="button"
              onClick={() => onChange("")}
              aria-label={`Clear ${label.toLowerCase()}`}
              className="inline-flex size-8 items-center justify-center rounded-md text-ink-muted hover:bg-stone-100 hover:text-ink"
            >
              <CloseIcon className="size-5" />
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
