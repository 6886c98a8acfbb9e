import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The address's search parameters, and a writer for one of them that replaces the history entry
 * (filters and search boxes do not add a Back step per change): a value sets it, "" removes it,
 * the others stay. `preventScrollReset` keeps the page where it is.
 */
export function useSearchParamWriter({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const write = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true, ...(preventScrollReset && { preventScrollReset }) },
      ),
    [setParams, preventScrollReset],
  );
  return [params, write] as const;
}
