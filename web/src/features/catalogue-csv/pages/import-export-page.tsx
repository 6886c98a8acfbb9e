import { DeskPageTitle } from "@/components/page-title";
import { ExportPanel } from "@/features/catalogue-csv/components/export-panel";
import { ImportPanel } from "@/features/catalogue-csv/components/import-panel";
import { t } from "@/features/catalogue-csv/messages";

/** /dashboard/import-export (admins): the catalogue's CSV files. */
export function ImportExportPage() {
  return (
    <>
      <DeskPageTitle
        title={t("catalogue-csv.title")}
        documentTitle={t("catalogue-csv.documentTitle")}
        className="mb-8"
      />
      <div className="flex flex-col gap-6">
        <ImportPanel />
        <ExportPanel />
      </div>
    </>
  );
}
