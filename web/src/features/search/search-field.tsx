import { useId, type InputHTMLAttributes, type ReactNode } from "react";

import { SearchIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

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

/**
 * The search landmark, its label, icon and text field; the combobox adds its list as children.
 * Its two texts are the shell's (lib/i18n/messages): the header draws this field on every page, and
 * search's own catalogue (top-level await) would hold back every page's first render for a round trip.
 */
export function SearchField({ className, children, ...input }: SearchFieldProps) {
  const inputId = useId();
  return (
    <div role="search" className={cn("relative", className)}>
      <label htmlFor={inputId} className="sr-only">
        {t("shell.search.label")}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
      <input
        id={inputId}
        type="text"
        placeholder={t("shell.search.placeholder")}
        className="min-h-10 w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 text-base sm:text-sm"
        {...input}
      />
      {children}
    </div>
  );
}
