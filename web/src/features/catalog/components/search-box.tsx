import { useId, type FormEvent, type RefObject } from "react";

import { CloseIcon, SearchIcon } from "@/components/icons";
import { Spinner } from "@/components/spinner";

export type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  /** Shows a small spinner in the box while results for a new search load. */
  isSearching: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
};

/** The product search field (role "search"): searches as you type, or at once on Enter. */
export function SearchBox({ value, onChange, onSubmit, onClear, isSearching, inputRef }: SearchBoxProps) {
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form role="search" onSubmit={submit} className="mb-8 max-w-2xl">
      <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-ink">
        Search products
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          enterKeyHint="search"
          placeholder="Watches, sneakers, dresses…"
          aria-describedby={hintId}
          className="min-h-12 w-full rounded-xl border border-stone-300 bg-white py-3 pr-24 pl-12 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none"
        />
        <div className="absolute inset-y-0 right-2 flex items-center gap-1">
          {isSearching ? <Spinner size="sm" label="Searching…" /> : null}
          {value ? (
            <button
              type="button"
              onClick={onClear}
              aria-label="Clear search"
              className="inline-flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-stone-100 hover:text-ink"
            >
              <CloseIcon className="size-5" />
            </button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="mt-2 text-sm text-ink-muted">
        Results update as you type.
      </p>
    </form>
  );
}
