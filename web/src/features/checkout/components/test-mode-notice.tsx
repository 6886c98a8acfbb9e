import type { PaymentInfo } from "@shop/contract/orders";
import { useId } from "react";

import { t } from "@/features/checkout/messages";

/** What the test provider says a card does ("succeeds", "is declined"), in the page's language. */
function outcomeText(outcome: string): string {
  if (outcome === "succeeds") return t("checkout.testCard.succeeds");
  if (outcome === "is declined") return t("checkout.testCard.declined");
  return t("checkout.testCard.outcome", { outcome });
}

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
          {t("checkout.testModeBadge")}
        </span>
        <span>{t("checkout.testModeHeading")}</span>
      </h3>
      <p className="mt-2">{t("checkout.testModeBody")}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {info.testCards.map((card) => (
          <li key={card.number} className="flex items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-mono font-semibold whitespace-nowrap tabular-nums">
                {card.number}
              </span>
              <span className="block">{outcomeText(card.outcome)}</span>
            </span>
            <button
              type="button"
              onClick={() => onUseCard(card.number)}
              aria-label={t("checkout.testCard.useLabel", { number: card.number })}
              className="min-h-9 shrink-0 rounded-md bg-white px-3 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset hover:bg-amber-100"
            >
              {t("checkout.testCard.use")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
