import type { Quote } from "@shop/contract/money";

import { formatPrice } from "@/components/price";
import { t } from "@/features/checkout/messages";

/** The shipping methods the owner offers, each with what it costs for this order. */
export function ShippingChoice({
  quote,
  selectedId,
  onChange,
}: {
  quote: Quote;
  /** The shopper's choice, shown at once while the server prices it. */
  selectedId: string | undefined;
  onChange: (shippingMethodId: string) => void;
}) {
  if (quote.shippingMethods.length === 0) return null;
  return (
    <fieldset className="mt-4 border-t border-line pt-4">
      <legend className="text-sm font-semibold text-ink">{t("checkout.shipping")}</legend>
      <div className="mt-2 space-y-2">
        {quote.shippingMethods.map((method) => (
          <label
            key={method._id}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand-600"
          >
            <input
              type="radio"
              name="shipping-method"
              value={method._id}
              checked={(selectedId ?? quote.shippingMethodId) === method._id}
              onChange={() => onChange(method._id)}
              className="mt-1"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">{method.name}</span>
              {method.description ? (
                <span className="block text-xs text-ink-muted">{method.description}</span>
              ) : null}
              {method.freeFrom !== null && method.cost > 0 ? (
                <span className="block text-xs text-ink-muted">
                  {t("checkout.freeFrom", { amount: formatPrice(method.freeFrom) })}
                </span>
              ) : null}
            </span>
            <span className="text-sm font-semibold tabular-nums">
              {method.cost === 0 ? t("checkout.free") : formatPrice(method.cost)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
