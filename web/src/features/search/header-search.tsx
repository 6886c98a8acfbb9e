import { lazy, Suspense, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigate } from "react-router";

import { SearchIcon } from "@/components/icons";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

const SearchCombobox = lazy(() => import("@/features/search/search-combobox"));

export interface HeaderSearchProps {
  className?: string;
  text: string;
  onTextChange: (text: string) => void;
  /** The plain field had the focus when the suggestions arrived: the combobox takes it over. */
  autoFocus?: boolean;
}

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id"> & {
  className?: string;
  children?: ReactNode;
};

/** The search landmark, its label, icon and text field; the combobox adds its list as children. */
export function SearchField({ className, children, ...input }: SearchFieldProps) {
  const inputId = useId();
  return (
    <div role="search" className={cn("relative", className)}>
      <label htmlFor={inputId} className="sr-only">
        Search the shop
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
      <input
        id={inputId}
        type="text"
        placeholder="Search products"
        className="min-h-10 w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 text-base sm:text-sm"
        {...input}
      />
      {children}
    </div>
  );
}

/**
 * The header's search. Every page shows it, so its suggestions (SearchCombobox) load when the
 * shopper first points at or focuses the field, not with the entry: the field works at once, Enter
 * searches, and the suggestions take over the text typed so far (decision 035; `/`'s JS budget,
 * decision 007).
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [focused, setFocused] = useState(false);
  const [suggestionsWanted, setSuggestionsWanted] = useState(false);

  const plainField = (
    <SearchField
      className={className}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPointerEnter={() => setSuggestionsWanted(true)}
      onFocus={() => {
        setFocused(true);
        setSuggestionsWanted(true);
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(event) => {
        const q = text.trim();
        if (event.key !== "Enter" || !q) return;
        event.preventDefault();
        setText("");
        void navigate(`${paths.products.getHref()}?${new URLSearchParams({ q })}`);
      }}
    />
  );
  if (!suggestionsWanted) return plainField;
  return (
    <Suspense fallback={plainField}>
      <SearchCombobox className={className} text={text} onTextChange={setText} autoFocus={focused} />
    </Suspense>
  );
}
