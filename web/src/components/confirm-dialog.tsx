import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";

import { Button } from "@/components/button";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to delete this item?'; it names the dialog. */
  title: string;
  /** What will happen, in a sentence or two; it describes the dialog. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" for deletions and other things that cannot be undone. */
  tone?: "danger" | "primary";
  /** While the confirmed action runs: the confirm button spins and the dialog cannot be dismissed. */
  isConfirming?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop. The parent closes the dialog by clearing `open`. */
  onCancel: () => void;
  /** Focus goes back here on close; by default to whatever had focus when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
  /** Where focus goes when that element is gone by then (e.g. its row was just deleted). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
};

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation (SPEC: "Delete flows show a confirmation modal"), built on the native
 * <dialog> opened with showModal(): the page behind is inert and the dialog sits in the top layer.
 * On top of that, and the same in every browser: focus starts on Cancel (the safe choice), Tab
 * and Shift+Tab stay inside, Escape and a backdrop click cancel, and on close focus returns to the
 * control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = t("components.confirm"),
  cancelLabel = t("components.cancel"),
  tone = "danger",
  isConfirming = false,
  onConfirm,
  onCancel,
  returnFocusTo,
  fallbackFocusRef,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest props, for the open/close effect and the native events (no re-run per render).
  const latest = useRef({ returnFocusTo, fallbackFocusRef, onCancel, isConfirming });
  useEffect(() => {
    latest.current = { returnFocusTo, fallbackFocusRef, onCancel, isConfirming };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    const opener = latest.current.returnFocusTo ?? (active instanceof HTMLElement ? active : null);
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : latest.current.fallbackFocusRef?.current;
      target?.focus();
    };
  }, [open]);

  const requestCancel = () => {
    if (!latest.current.isConfirming) latest.current.onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      // Handled here rather than by the browser, so the parent's `open` stays the truth.
      event.preventDefault();
      event.stopPropagation();
      requestCancel();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={children ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      // The browser's own Escape handling (e.g. a second Escape) must not close it behind our back.
      onCancel={(event) => {
        event.preventDefault();
        requestCancel();
      }}
      onClose={() => {
        if (open) requestCancel();
      }}
      // A click on the backdrop lands on the <dialog> itself; clicks on the content do not.
      onClick={(event) => {
        if (event.target === event.currentTarget) requestCancel();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md overflow-visible rounded-2xl bg-transparent p-0 text-ink",
        "backdrop:bg-stone-950/50",
      )}
    >
      <div className="rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-stone-900/10">
        <h2 id={titleId} className="text-lg font-semibold text-ink text-balance">
          {title}
        </h2>
        {children ? (
          <div id={descriptionId} className="mt-2 text-sm text-ink-muted text-pretty">
            {children}
          </div>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="light" disabled={isConfirming} onClick={requestCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} isLoading={isConfirming} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** A question about one item of a list (the row whose Delete or Remove was pressed) and its answer. */
export type Confirmation<Item> = {
  /** The item asked about, and the control that asked (focus goes back to it); null: closed. */
  pending: { item: Item; opener: HTMLElement } | null;
  /** Opens the dialog about this item. */
  ask: (item: Item, opener: HTMLElement) => void;
  close: () => void;
  /** Runs the confirmed action, once: not again while it runs. */
  confirm: () => void;
  isConfirming: boolean;
};

/**
 * The state of a ConfirmItemDialog. `action` is what Confirm does to the item (a mutation, say);
 * it calls `close` when done, and `isConfirming` tells while it runs.
 */
export function useConfirmation<Item>(
  action: (item: Item, close: () => void) => void,
  isConfirming: boolean,
): Confirmation<Item> {
  const [pending, setPending] = useState<Confirmation<Item>["pending"]>(null);
  const close = () => setPending(null);
  return {
    pending,
    ask: (item, opener) => setPending({ item, opener }),
    close,
    confirm: () => {
      if (pending && !isConfirming) action(pending.item, close);
    },
    isConfirming,
  };
}

type ConfirmItemDialogProps<Item> = Omit<
  ConfirmDialogProps,
  "open" | "children" | "onConfirm" | "onCancel" | "isConfirming" | "returnFocusTo"
> & {
  confirmation: Confirmation<Item>;
  /** What confirming means for the item; the dialog's description. */
  children: (item: Item) => ReactNode;
};

/**
 * A ConfirmDialog about the item of a useConfirmation(): open while it is asked about, Cancel
 * closes it, and focus goes back to the control that asked.
 */
export function ConfirmItemDialog<Item>({ confirmation, children, ...props }: ConfirmItemDialogProps<Item>) {
  const { pending } = confirmation;
  return (
    <ConfirmDialog
      {...props}
      open={pending !== null}
      isConfirming={confirmation.isConfirming}
      onConfirm={confirmation.confirm}
      onCancel={confirmation.close}
      returnFocusTo={pending?.opener}
    >
      {pending ? children(pending.item) : null}
    </ConfirmDialog>
  );
}
