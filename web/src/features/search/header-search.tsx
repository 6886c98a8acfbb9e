import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";

import { paths } from "@/config/paths";
import { SearchField } from "@/features/search/search-field";

const SearchCombobox = lazy(() => import("@/features/search/search-combobox"));

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
      // The same combobox to assistive technology, its list not loaded yet.
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={false}
      autoComplete="off"
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
