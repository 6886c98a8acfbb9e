import type { PaymentInfo } from "@shop/contract/orders";
import { useId } from "react";

import { CHECKOUT_TEXT } from "@/features/checkout/config";

export type TestModeNoticeProps = {
  info: PaymentInfo;
  /** Fills the card number field with a test card. */
  onUseCard: (number: string) => void;
};

/** In test mode: a clear label that no money moves, and the test cards with what each does. */
export function TestModeNotice({ info, onUseCard }: TestModeNoticeProps) {
  const headingId = useId();
  if (!info.testMode) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="rounded-md bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wider text-stone-950">
          {CHECKOUT_TEXT.testModeBadge}
        </span>
        <span>Payments are simulated</span>
      </h3>
      <p className="mt-2">{CHECKOUT_TEXT.testModeBody}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {info.testCards.map((card) => (
          <li key={card.number} className="flex items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-mono font-semibold whitespace-nowrap tabular-nums">
                {card.number}
              </span>
              <span className="block">Payment {card.outcome}</span>
            </span>
            <button
              type="button"
              onClick={() => onUseCard(card.number)}
              aria-label={`Use test card ${card.number}`}
              className="min-h-9 shrink-0 rounded-md bg-white px-3 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset hover:bg-amber-100"
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
