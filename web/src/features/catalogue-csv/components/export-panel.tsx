import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { DayField } from "@/components/day-field";
import { Panel } from "@/components/panel";
import { downloadCsv } from "@/features/catalogue-csv/api/csv-files";
import { t } from "@/features/catalogue-csv/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError } from "@/lib/toast";

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Products (with stock) and the orders of a date range, as CSV files. */
export function ExportPanel() {
  const [busy, setBusy] = useState<"products" | "orders" | null>(null);
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(today());

  const download = async (kind: "products" | "orders", run: () => Promise<void>) => {
    setBusy(kind);
    try {
      await run();
    } catch (error) {
      notifyError(getErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const exportOrders = (event: FormEvent) => {
    event.preventDefault();
    void download("orders", () => downloadCsv("/admin/export/orders.csv", { from, to }));
  };

  return (
    <Panel title={t("catalogue-csv.export.title")} description={t("catalogue-csv.export.description")}>
      <Button
        className="mt-4"
        variant="secondary"
        isLoading={busy === "products"}
        onClick={() => void download("products", () => downloadCsv("/admin/export/products.csv"))}
      >
        {t("catalogue-csv.export.products")}
      </Button>
      <form
        onSubmit={exportOrders}
        aria-label={t("catalogue-csv.export.ordersForm")}
        className="mt-6 flex flex-wrap items-end gap-3"
      >
        <DayField label={t("catalogue-csv.export.from")} required value={from} max={to} onChange={setFrom} />
        <DayField label={t("catalogue-csv.export.to")} required value={to} min={from} onChange={setTo} />
        <Button submit variant="secondary" isLoading={busy === "orders"}>
          {t("catalogue-csv.export.orders")}
        </Button>
      </form>
    </Panel>
  );
}
