import { PageTitle } from "@/components/page-title";
import { ExportPanel } from "@/features/catalogue-csv/components/export-panel";
import { ImportPanel } from "@/features/catalogue-csv/components/import-panel";

const TITLE = "Import / Export";

/** /dashboard/import-export (admins): the catalogue's CSV files. */
export function ImportExportPage() {
  return (
    <>
      <PageTitle title={TITLE} level={2} documentTitle={`${TITLE} · Dashboard`} />
      <div className="flex flex-col gap-6">
        <ImportPanel />
        <ExportPanel />
      </div>
    </>
  );
}
