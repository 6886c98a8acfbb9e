import type { ProductOption } from "@shop/contract/variants";
import { forwardRef } from "react";

import { t } from "@/features/product/messages";
import { cn } from "@/lib/cn";

type OptionPickerProps = {
  option: ProductOption;
  chosen: string | undefined;
  isAvailable: (value: string) => boolean;
  /** Whether the value exists at all with the other choices (sold out or not); a sold-out one can be chosen. */
  isOffered?: ((value: string) => boolean) | undefined;
  onChoose: (value: string) => void;
  /** Shown under the buttons in red while this option must still be chosen. */
  error?: string | undefined;
};

/**
 * One option (Size, Colour) as a row of buttons: native radio buttons under the styling, so the
 * arrow keys move between values and a screen reader says "Size, M, 3 of 5". A sold-out value is
 * shown crossed out; it can be chosen when `isOffered` says it exists (to ask for "Notify me").
 */
export const OptionPicker = forwardRef<HTMLFieldSetElement, OptionPickerProps>(function OptionPicker(
  { option, chosen, isAvailable, isOffered = isAvailable, onChoose, error },
  ref,
) {
  const errorId = `option-${option.name}-error`.replace(/\s+/g, "-");
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <legend className="text-sm font-semibold text-ink">
        {option.name}
        {chosen ? <span className="font-normal text-ink-muted">: {chosen}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {option.values.map((value) => {
          const available = isAvailable(value);
          return (
            <label
              key={value}
              className={cn(
                "relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center overflow-hidden rounded-lg border px-3 text-sm font-medium transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2",
                chosen === value
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-line bg-white text-ink hover:border-brand-600",
                !available && "cursor-not-allowed border-dashed bg-stone-100 text-ink-muted line-through",
              )}
            >
              <input
                type="radio"
                name={`option-${option.name}`}
                value={value}
                checked={chosen === value}
                disabled={!isOffered(value)}
                onChange={() => onChoose(value)}
                className="sr-only"
              />
              {value}
              {available ? null : <span className="sr-only"> {t("product.option.soldOut")}</span>}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
