import { useCallback, useEffect, useState } from "react";

import { useSearchParamWriter } from "@/hooks/use-search-param-writer";
import { SEARCH_DEBOUNCE_MS } from "@/config/ui";

/**
 * A text box bound to a URL search parameter (`?q=`): what is typed reaches the address (and so
 * the query) after a pause of `delay` ms, replacing the history entry rather than adding one per
 * keystroke. The address is the truth: a refresh, back/forward or a link fills the box again.
 */
export function useSearchParamInput(name: string, delay = SEARCH_DEBOUNCE_MS) {
  const [searchParams, writeParam] = useSearchParamWriter({ preventScrollReset: true });
  const committed = (searchParams.get(name) ?? "").trim();
  // `seen` is the address's value when the box was last in step with it.
  const [input, setInput] = useState({ draft: committed, seen: committed });

  if (committed !== input.seen) {
    // Our own debounced write (keep the box as typed, trailing space and all), or the address
    // changed from outside (show its value).
    setInput({ draft: committed === input.draft.trim() ? input.draft : committed, seen: committed });
  }

  const write = useCallback((value: string) => writeParam(name, value.trim()), [name, writeParam]);

  const draft = input.draft;
  useEffect(() => {
    if (draft.trim() === committed) return;
    const timer = window.setTimeout(() => write(draft), delay);
    return () => window.clearTimeout(timer);
  }, [draft, committed, delay, write]);

  return {
    /** What the box shows. */
    value: draft,
    /** What is being searched for: the address's value. */
    committed,
    setValue: (value: string) => setInput({ draft: value, seen: committed }),
    /** Search now (Enter), without waiting for the pause. */
    flush: () => write(draft),
    clear: () => {
      setInput({ draft: "", seen: committed });
      write("");
    },
  };
}
