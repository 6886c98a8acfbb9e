import type { CartLine } from "@shop/contract/cart";
import { uploadSrcSet } from "@shop/contract/images";

import { cn } from "@/lib/cn";

/** A line's picture: 64 px in the table, 80 px on a phone's card; named, as the name's link is text. */
export function CartLineImage({ line, size }: { line: CartLine; size: 64 | 80 }) {
  return (
    <img
      src={line.image}
      srcSet={uploadSrcSet(line.image)}
      sizes={`${size}px`}
      alt={line.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn(
        "bg-stone-100 object-cover",
        size === 64 ? "size-16 rounded-lg" : "size-20 shrink-0 rounded-xl",
      )}
    />
  );
}
