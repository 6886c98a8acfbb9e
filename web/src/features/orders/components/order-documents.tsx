import type { Order } from "@shop/contract/orders";
import { useState } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { downloadCreditNote, downloadInvoice, downloadPackingSlip } from "@/features/orders/api/fulfilment";
import { t } from "@/features/orders/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError } from "@/lib/toast";

/** The order's invoice and credit notes to download (PDF); an admin also gets its packing slip. */
export function OrderDocuments({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  const invoice = order.documents.find((document) => document.kind === "invoice");
  const creditNotes = order.documents.filter((document) => document.kind === "credit-note");

  const run = (key: string, download: () => Promise<void>) => {
    setBusy(key);
    download()
      .catch((error: unknown) =>
        notifyError(t("orders.documents.downloadFailed", { error: getErrorMessage(error) })),
      )
      .finally(() => setBusy(null));
  };

  return (
    <CardSection aria-label={t("orders.documents.heading")}>
      <h3 className="text-lg font-semibold text-ink">{t("orders.documents.heading")}</h3>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          isLoading={busy === "invoice"}
          onClick={() => run("invoice", () => downloadInvoice(order._id))}
        >
          {invoice
            ? t("orders.documents.invoiceNumbered", { number: invoice.number })
            : t("orders.documents.invoice")}
        </Button>
        {creditNotes.map((note) => (
          <Button
            key={note._id}
            size="sm"
            variant="secondary"
            isLoading={busy === note._id}
            onClick={() => run(note._id, () => downloadCreditNote(order._id, note._id))}
          >
            {t("orders.documents.creditNote", { number: note.number })}
          </Button>
        ))}
        {isAdmin ? (
          <Button
            size="sm"
            variant="light"
            isLoading={busy === "slip"}
            onClick={() => run("slip", () => downloadPackingSlip(order._id))}
          >
            {t("orders.documents.packingSlip")}
          </Button>
        ) : null}
      </div>
    </CardSection>
  );
}
