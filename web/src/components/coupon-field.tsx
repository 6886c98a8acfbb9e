import { MONEY_MESSAGES, type Quote } from "@shop/contract/money";
import { useId, useState } from "react";

import { Button } from "@/components/button";
import { cn } from "@/lib/cn";
import { t } from "@/components/messages";

/** couponCodeSchema's rule in @shop/contract/money. */
const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export type CouponFieldProps = {
  /** The server's answer for the code, once priced. */
  quote: Quote | undefined;
  /** The code being applied ("" when none). */
  couponCode: string;
  /** Apply this code; "" removes it. */
  onApply: (code: string) => void;
  className?: string;
};

/** A discount code, in the bag and at checkout; the server says whether it applies and, if not, why. */
export function CouponField({ quote, couponCode, onApply, className }: CouponFieldProps) {
  const [draft, setDraft] = useState(couponCode);
  // The contract's rule, checked here so a malformed code gets its reason instead of a failed quote.
  const [malformed, setMalformed] = useState(false);
  const inputId = useId();
  const messageId = useId();
  // The answer about the code being applied (the quote may still be the previous one's).
  const coupon = quote?.coupon && quote.coupon.code === couponCode ? quote.coupon : null;
  const refused = malformed ? MONEY_MESSAGES.codeInvalid : coupon && !coupon.applied ? coupon.message : null;
  const remove = () => {
    setDraft("");
    setMalformed(false);
    onApply("");
  };
  return (
    <form
      className={cn("border-t border-line pt-4", className)}
      aria-label={t("components.coupon")}
      onSubmit={(event) => {
        event.preventDefault();
        const code = draft.trim().toUpperCase();
        const isMalformed = code !== "" && !COUPON_CODE_PATTERN.test(code);
        setMalformed(isMalformed);
        if (!isMalformed) onApply(code);
      }}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {t("components.coupon")}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          aria-invalid={refused ? true : undefined}
          aria-describedby={coupon || malformed ? messageId : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-400 px-3 py-2 uppercase"
        />
        <Button submit variant="secondary">
          {t("components.apply")}
        </Button>
      </div>
      {malformed ? (
        <p id={messageId} role="status" className="mt-1 text-sm text-red-700">
          {refused}
        </p>
      ) : coupon ? (
        <div className="mt-1 flex items-center justify-between gap-3">
          <p
            id={messageId}
            role="status"
            className={refused ? "text-sm text-red-700" : "text-sm font-medium text-emerald-800"}
          >
            {refused ?? t("components.applied", { code: coupon.code })}
          </p>
          <Button
            variant="light"
            size="xs"
            onClick={remove}
            aria-label={t("components.removeCode", { code: coupon.code })}
          >
            {t("components.remove")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
