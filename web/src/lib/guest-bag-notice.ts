import type { BagMergeReport } from "@shop/contract/guest";

import { t } from "@/components/messages";

/** What the shopper is told when the merge could not keep everything. */
export function mergeNotice(report: BagMergeReport): string | null {
  const parts = [
    ...report.reduced.map(({ name, quantity, wanted }) => t("lib.bag.reduced", { name, quantity, wanted })),
    ...report.unavailable.map(({ name, reason }) =>
      t("lib.bag.unavailable", { name, reason: reason === "sold-out" ? "soldOut" : "other" }),
    ),
  ];
  return parts.length > 0 ? t("lib.bag.merged", { details: parts.join("; ") }) : null;
}
