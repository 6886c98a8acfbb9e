import type { Category } from "@shop/contract/catalogue";
import { useId } from "react";
import { Link } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { ChevronRightIcon } from "@/components/icons";
import { SectionHeading } from "@/components/section-heading";
import { paths } from "@/config/paths";
import { useHomeLinks } from "@/features/home/api/get-home-links";
import { cn } from "@/lib/cn";
import { t, type MessageKey } from "@/lib/i18n";

/**
 * SPEC's four category buttons. Small screens: Women across the top, Shoes and Gadgets side by
 * side, Mans across the bottom. Large screens: Women large on the left, Shoes over Gadgets, and
 * Mans as a tall tile on the right. Reading order matches on both.
 */
const tiles = [
  {
    label: "footer.women",
    category: "womans",
    half: false,
    caption: "home.category.summerCollection",
    to: paths.women.getHref(),
    image: "/demo/products/sunny-floral-summer-dress.svg",
    className: "col-span-2 aspect-[16/10] lg:col-span-2 lg:row-span-2",
  },
  {
    label: "footer.shoes",
    category: "shoes",
    half: true,
    caption: "home.category.shoesCollection",
    to: paths.shoes.getHref(),
    image: "/demo/products/cloud-white-leather-sneaker.svg",
    className: "aspect-square lg:col-start-3 lg:row-start-1",
  },
  {
    label: "footer.gadgets",
    category: "gadgets",
    half: true,
    caption: "home.category.gadgetsCollection",
    to: paths.gadget.getHref(),
    image: "/demo/products/studiopro-wireless-headphones.svg",
    className: "aspect-square lg:col-start-3 lg:row-start-2",
  },
  {
    label: "home.category.mans",
    category: "mans",
    half: false,
    caption: "home.category.summerCollection",
    to: paths.man.getHref(),
    image: "/demo/products/classic-denim-jacket.svg",
    className: "col-span-2 aspect-[16/10] lg:col-span-1 lg:col-start-4 lg:row-span-2 lg:row-start-1",
  },
] as const satisfies ReadonlyArray<{
  label: MessageKey;
  category: Category;
  caption: MessageKey;
  half: boolean;
  to: string;
  image: string;
  className: string;
}>;

/** The label card floats over the picture; on a phone a small tile's label is a strip under it. */
const LABEL_CARD =
  "rounded-xl bg-white/95 px-3 py-2.5 shadow-md backdrop-blur sm:m-4 sm:w-auto sm:min-w-56 sm:self-start sm:px-4 sm:py-3";

function labelClasses(half: boolean): string {
  if (!half) return cn("m-3 w-[calc(100%-1.5rem)]", LABEL_CARD);
  return cn(
    "border-t border-line bg-white py-2 pr-2 pl-3",
    "sm:m-4 sm:w-auto sm:min-w-56 sm:self-start sm:rounded-xl sm:border-0 sm:bg-white/95 sm:px-4 sm:py-3 sm:shadow-md sm:backdrop-blur",
  );
}

export function ShopByCategory() {
  const headingId = useId();
  const links = useHomeLinks();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <SectionHeading
        id={headingId}
        typed
        title={t("home.category.title")}
        eyebrow={t("home.category.eyebrow")}
      />
      <ul className="grid grid-cols-2 gap-4 lg:h-[34rem] lg:grid-cols-4 lg:grid-rows-2 lg:gap-5">
        {tiles.map((tile) => (
          <li key={tile.to} className={cn("lg:aspect-auto", tile.className)}>
            <Link
              to={links.category(tile.category, tile.to)}
              className="group relative flex size-full flex-col justify-end overflow-hidden rounded-2xl bg-stone-100 shadow-sm ring-1 ring-line transition hover:shadow-lg"
            >
              <DecorativeImage
                src={tile.image}
                width={800}
                lazy
                className={cn(
                  "size-full object-cover transition-transform duration-700 group-hover:scale-105",
                  // Phones: a small tile's label sits under its picture, not over it.
                  tile.half ? "min-h-0 flex-1 sm:absolute sm:inset-0" : "absolute inset-0",
                )}
              />
              <span
                className={cn("relative flex items-center justify-between gap-2", labelClasses(tile.half))}
              >
                <span className="min-w-0">
                  <span className="block text-lg font-bold text-ink">{t(tile.label)}</span>
                  <span className={cn("text-sm text-ink-muted", tile.half ? "hidden sm:block" : "block")}>
                    {t(tile.caption)}
                  </span>
                </span>
                <span
                  className={cn(
                    "flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-white transition-transform group-hover:translate-x-0.5",
                    tile.half ? "size-8 sm:size-9" : "size-9",
                  )}
                >
                  <ChevronRightIcon className="size-5" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
