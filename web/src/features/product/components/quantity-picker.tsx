import { useId, useState, type ReactNode } from "react";

import { QUANTITY_MAX, QUANTITY_MIN } from "@/config/ui";
import { t } from "@/features/product/messages";
import { clampQuantity, parseQuantity } from "@/features/product/utils/quantity";
import { cn } from "@/lib/cn";

export type QuantityPickerProps = {
  value: number;
  onChange: (quantity: number) => void;
  /** The most that can be chosen: 99, or fewer when fewer are in stock. */
  max?: number;
  /** Extra description for the box, e.g. an id of a hint below it. */
  describedBy?: string;
};

/**
 * − [n] + for the product page: never below 0 or above 99. The buttons use aria-disabled at the
 * limits (a disabled button would drop keyboard focus); the box accepts typing and arrow keys.
 */
export function QuantityPicker({ value, onChange, max = QUANTITY_MAX, describedBy }: QuantityPickerProps) {
  const inputId = useId();
  // While the shopper edits the box it may hold nothing or a stray sign; it settles on blur.
  const [editing, setEditing] = useState<string | null>(null);
  const atMin = value <= QUANTITY_MIN;
  const atMax = value >= max;

  const step = (delta: number) => {
    setEditing(null);
    onChange(clampQuantity(value + delta, max));
  };

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        {t("product.quantity")}
      </label>
      <div className="mt-2 inline-flex items-center rounded-xl border border-stone-300 bg-white shadow-sm">
        <StepButton label={t("product.quantity.decrease")} disabled={atMin} onClick={() => step(-1)}>
          <path d="M5 12h14" />
        </StepButton>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={QUANTITY_MIN}
          max={max}
          step={1}
          value={editing ?? String(value)}
          aria-describedby={describedBy}
          onChange={(event) => {
            const text = event.target.value;
            const parsed = parseQuantity(text, max);
            setEditing(parsed === null ? text : null);
            if (parsed !== null) onChange(parsed);
          }}
          onBlur={() => setEditing(null)}
          className="h-12 w-16 border-x border-stone-300 bg-transparent text-center text-lg font-semibold text-ink tabular-nums [appearance:textfield] focus:relative [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <StepButton label={t("product.quantity.increase")} disabled={atMax} onClick={() => step(1)}>
          <path d="M12 5v14M5 12h14" />
        </StepButton>
      </div>
    </div>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className={cn(
        "inline-flex size-12 items-center justify-center text-ink transition-colors first:rounded-l-xl last:rounded-r-xl",
        disabled ? "cursor-not-allowed text-stone-400" : "hover:bg-stone-100",
      )}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      >
        {children}
      </svg>
    </button>
  );
}
