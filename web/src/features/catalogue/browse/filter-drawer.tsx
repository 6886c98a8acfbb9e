import { useEffect, useId, useRef, type ReactNode } from "react";

import { Button } from "@/components/button";
import { CloseIcon } from "@/components/icons";
import { t } from "@/features/catalogue/messages";

export type FilterDrawerProps = {
  open: boolean;
  onClose: () => void;
  /** The close button's label, e.g. "Show 12 products". */
  doneLabel: string;
  children: ReactNode;
};

/**
 * The filters on a phone: a panel from the side on the native <dialog> (showModal: the page
 * behind is inert, Escape closes, focus stays inside). Filters apply as they are chosen; the
 * button at the bottom says how many products they leave and closes the panel. Focus goes back
 * to the button that opened it.
 */
export function FilterDrawer({ open, onClose, doneLabel, children }: FilterDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestOnClose.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="m-0 ml-auto h-full max-h-none w-[min(22rem,90vw)] max-w-none bg-white p-0 shadow-xl backdrop:bg-stone-950/50"
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {t("catalogue.filters")}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("catalogue.closeFilters")}
            className="inline-flex size-10 items-center justify-center rounded-lg text-ink-muted hover:bg-stone-100 hover:text-ink"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        <div className="border-t border-stone-200 px-5 py-4">
          <Button full onClick={onClose}>
            {doneLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
