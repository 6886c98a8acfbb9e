import type { Category } from "@shop/contract/catalogue";
import type { SearchSuggestions } from "@shop/contract/search";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { formatPrice } from "@/components/price";
import { paths } from "@/config/paths";
import { api, getErrorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { t } from "@/features/search/messages";
import { SearchField, type HeaderSearchProps } from "@/features/search/search-field";

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;

const CATEGORY_NAMES: Record<Category, string> = {
  womans: t("search.category.womans"),
  mans: t("search.category.mans"),
  shoes: t("search.category.shoes"),
  gadgets: t("search.category.gadgets"),
};

/** Where the message puts the suggested query's link: word order differs between languages. */
const LINK_SLOT = "\u0000";

type Option = { id: string; href: string; label: string };

/** The name with its matched parts in <mark>. */
function Highlighted({ name, ranges }: { name: string; ranges: [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(name.slice(at, start));
    parts.push(
      <mark key={start} className="bg-transparent font-semibold text-ink">
        {name.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(name.slice(at));
  return <>{parts}</>;
}

/** One suggestion: chosen with the mouse (before the field's blur closes the list) or the keyboard. */
function SuggestionOption({
  option,
  selected,
  onChoose,
  className,
  children,
}: {
  option: Option;
  selected: boolean;
  onChoose: (href: string) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <li
      id={option.id}
      role="option"
      aria-selected={selected}
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose(option.href);
      }}
      className={cn(
        "cursor-pointer px-3 py-2 text-sm",
        selected ? "bg-brand-50" : "hover:bg-stone-50",
        className,
      )}
    >
      {children}
    </li>
  );
}

const searchHref = (q: string, category?: Category) => {
  const params = new URLSearchParams({ q });
  if (category) params.set("category", category);
  return `${paths.products.getHref()}?${params}`;
};

/**
 * The header's search (ARIA combobox with a listbox): suggestions as the shopper types, asked
 * after a pause, the request before aborted. Arrow keys move through products, collections and categories,
 * Enter opens the one chosen (or searches), Escape closes the list. The text is the header's
 * (HeaderSearch), so what was typed before this loaded stays.
 */
export default function SearchCombobox({
  className,
  text,
  onTextChange: setText,
  autoFocus,
}: HeaderSearchProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(Boolean(autoFocus));
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const q = text.trim();
  useEffect(() => {
    if (!q) return;
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      api
        .get<SearchSuggestions>("/products/suggest", { query: { q }, signal: current.signal })
        .then((answer) => {
          setSuggestions(answer);
          setError(null);
          setActive(-1);
        })
        .catch((failure: unknown) => {
          if (!current.signal.aborted) setError(getErrorMessage(failure));
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => () => controller.current?.abort(), []);

  const shown = q && suggestions?.q === q ? suggestions : null;
  const options: Option[] = shown
    ? [
        ...shown.products.map((product) => ({
          id: `${listId}-p-${product._id}`,
          href: paths.product.getHref(product._id),
          label: product.productname,
        })),
        ...shown.collections.map((collection) => ({
          id: `${listId}-k-${collection.slug}`,
          href: paths.collection.getHref(collection.slug),
          label: collection.title,
        })),
        ...shown.categories.map((category) => ({
          id: `${listId}-c-${category.value}`,
          href: searchHref(q, category.value),
          label: t("search.categoryOption", {
            category: CATEGORY_NAMES[category.value],
            count: category.count,
          }),
        })),
      ]
    : [];
  const expanded = open && q !== "" && (shown !== null || error !== null);

  const go = (href: string) => {
    setOpen(false);
    setText("");
    void navigate(href);
  };
  /** The list's option at `place` (products, then collections, then categories). */
  const optionAt = (place: number) => ({ option: options[place]!, selected: active === place, onChoose: go });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the input itself: the list wraps through it.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active];
      if (option) go(option.href);
      else if (q) go(searchHref(q));
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setText("");
      }
    }
  };

  const announcement = !shown
    ? ""
    : shown.total === 0
      ? shown.didYouMean
        ? t("search.announce.noMatchDidYouMean", { suggestion: shown.didYouMean })
        : t("search.announce.noMatch")
      : t("search.announce.suggested", {
          products: shown.products.length,
          collections: shown.collections.length,
          categories: shown.categories.length,
          total: shown.total,
        });
  const [beforeLink, afterLink] = t("search.didYouMean", { suggestion: LINK_SLOT }).split(LINK_SLOT);

  return (
    <SearchField
      className={className}
      role="combobox"
      autoComplete="off"
      autoFocus={autoFocus}
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={expanded && options[active] ? options[active].id : undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setOpen(true);
        setActive(-1);
      }}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={onKeyDown}
    >
      {/* Mounted while the field has focus, before the answer comes, so the change is announced. */}
      {open ? (
        <div role="status" aria-live="polite" className="sr-only">
          {expanded ? announcement : ""}
        </div>
      ) : null}
      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] min-w-72 overflow-y-auto rounded-xl border border-line bg-white py-2 shadow-lg"
      >
        {error ? <p className="px-3 py-2 text-sm text-red-700">{t("search.loadError", { error })}</p> : null}
        {shown && shown.total === 0 ? (
          <p className="px-3 py-2 text-sm text-ink-muted">
            {t("search.noMatch", { q })}
            {shown.didYouMean ? (
              <>
                {" "}
                {beforeLink}
                <a
                  href={searchHref(shown.didYouMean)}
                  className="font-medium text-brand-700 underline"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    go(searchHref(shown.didYouMean!));
                  }}
                >
                  {shown.didYouMean}
                </a>
                {afterLink}
              </>
            ) : null}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t("search.suggestions")}>
          {shown?.products.map((product, index) => (
            <SuggestionOption key={product._id} {...optionAt(index)} className="flex items-center gap-3">
              <DecorativeImage src={product.image} width={40} className="size-10 rounded-md object-cover" />
              <span className="min-w-0 flex-1 truncate text-ink-muted">
                <Highlighted name={product.productname} ranges={product.highlights} />
              </span>
              <span className="tabular-nums text-ink">{formatPrice(product.price)}</span>
            </SuggestionOption>
          ))}
          {shown?.collections.map((collection, index) => (
            <SuggestionOption
              key={collection.slug}
              {...optionAt(shown.products.length + index)}
              className="text-ink-muted"
            >
              <span className="sr-only">{t("search.collectionPrefix")} </span>
              <Highlighted name={collection.title} ranges={collection.highlights} />
              <span aria-hidden="true" className="ml-2 text-xs text-ink-muted">
                {t("search.collection")}
              </span>
            </SuggestionOption>
          ))}
          {shown?.categories.map((category, index) => {
            const place = shown.products.length + shown.collections.length + index;
            return (
              <SuggestionOption key={category.value} {...optionAt(place)} className="text-ink">
                {t("search.inCategory", { q, category: options[place]!.label })}
              </SuggestionOption>
            );
          })}
        </ul>
      </div>
    </SearchField>
  );
}
