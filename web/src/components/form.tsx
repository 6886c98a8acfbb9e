import type { FormEvent, ReactNode } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/**
 * Where a form sits: alone on a page (the sign-in pages: roomier, one wide button) or as one
 * panel among others (the account's cards: tighter, the button its own width).
 */
type FormPlacement = "page" | "panel";

type FormProps = {
  /** The form's accessible name. */
  label: string;
  /** react-hook-form's handleSubmit(…): its errors end in the mutation's state, not here. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  placement?: FormPlacement;
  /** The form's own layout and look, in place of the placement's column (a card, say). */
  className?: string;
  children: ReactNode;
};

/**
 * A form the browser does not validate: the schema does, with SPEC's messages under each field
 * (SPEC section 8).
 */
export function Form({ label, onSubmit, placement = "page", className, children }: FormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className={className ?? cn("flex flex-col", placement === "page" ? "gap-5" : "gap-4")}
      aria-label={label}
    >
      {children}
    </form>
  );
}

type FormActionsProps = {
  /** The server's refusal, shown in red above the button; nothing when null. */
  error: ReactNode;
  isLoading: boolean;
  placement?: FormPlacement;
  /** A panel's Cancel button beside the submit button, when given. */
  onCancel?: () => void;
  /** The button's text. */
  children: ReactNode;
};

/** The end of every form: the server's message, then the submit button. */
export function FormActions({ error, isLoading, placement = "page", onCancel, children }: FormActionsProps) {
  return (
    <>
      <FormAlert>{error}</FormAlert>
      {placement === "page" ? (
        <Button submit full size="lg" isLoading={isLoading}>
          {children}
        </Button>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button submit isLoading={isLoading}>
            {children}
          </Button>
          {onCancel ? (
            <Button variant="light" onClick={onCancel}>
              {t("components.cancel")}
            </Button>
          ) : null}
        </div>
      )}
    </>
  );
}

/** What a form says once it has done its work, in place of the form (read out when it appears). */
export function FormDone({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-emerald-900"
    >
      {children}
    </p>
  );
}
