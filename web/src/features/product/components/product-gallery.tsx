import { PRODUCT_PAGE_IMAGE_SIZES, uploadSrcSet } from "@shop/contract/images";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

import { PRODUCT_IMAGE_SIZE } from "@/components/product-card";
import { t } from "@/features/product/messages";
import { cn } from "@/lib/cn";

/** A horizontal move of at least this many pixels is a swipe, not a tap. */
const SWIPE_MIN_PX = 40;

/**
 * The product's pictures: one large, thumbnails under it (buttons), swipe or the arrow keys to
 * move, and a zoomed view in a dialog (Escape closes it).
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (zoomed && !element.open) element.showModal?.();
    if (!zoomed && element.open) element.close();
  }, [zoomed]);

  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? "";
  const show = (next: number) => setIndex(((next % count) + count) % count);
  const label = (position: number) => t("product.gallery.picture", { name, position: position + 1, count });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const moved = event.clientX - start;
    if (Math.abs(moved) >= SWIPE_MIN_PX) show(index + (moved < 0 ? 1 : -1));
  };

  return (
    <section
      aria-label={t("product.gallery.label", { name })}
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div className="relative overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
        <button
          type="button"
          onClick={() => setZoomed(true)}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          aria-label={t("product.gallery.zoomIn", { picture: label(index) })}
          className="block w-full cursor-zoom-in touch-pan-y"
        >
          <img
            src={current}
            srcSet={uploadSrcSet(current)}
            sizes={PRODUCT_PAGE_IMAGE_SIZES}
            alt={name}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            fetchPriority="high"
            draggable={false}
            className="aspect-square w-full object-cover select-none"
          />
        </button>
        {count > 1 ? (
          <>
            <ArrowButton direction="previous" onClick={() => show(index - 1)} />
            <ArrowButton direction="next" onClick={() => show(index + 1)} />
            <p aria-live="polite" className="sr-only">
              {label(index)}
            </p>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("product.gallery.thumbnails")}>
          {images.map((image, position) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                aria-label={t("product.gallery.show", { picture: label(position) })}
                aria-current={position === index || undefined}
                onClick={() => show(position)}
                className={cn(
                  "block size-16 overflow-hidden rounded-xl border-2 bg-white sm:size-20",
                  position === index ? "border-brand-700" : "border-line hover:border-brand-500",
                )}
              >
                <img
                  src={image}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <dialog
        ref={dialog}
        aria-label={t("product.gallery.zoomed", { picture: label(index) })}
        onClose={() => setZoomed(false)}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, not its picture) closes it.
          if (event.target === event.currentTarget) setZoomed(false);
        }}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-2xl bg-white p-0 backdrop:bg-stone-900/70"
      >
        {zoomed ? (
          <div className="relative">
            <img
              src={current}
              alt={name}
              width={PRODUCT_IMAGE_SIZE}
              height={PRODUCT_IMAGE_SIZE}
              className="max-h-[90vh] w-auto object-contain"
            />
            <button
              type="button"
              onClick={() => setZoomed(false)}
              className="absolute top-3 right-3 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink shadow-md"
            >
              {t("product.gallery.close")}
            </button>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}

function ArrowButton({ direction, onClick }: { direction: "previous" | "next"; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === "previous" ? t("product.gallery.previous") : t("product.gallery.next")}
      className={cn(
        "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white",
        direction === "previous" ? "left-3" : "right-3",
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d={direction === "previous" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
      </svg>
    </button>
  );
}
