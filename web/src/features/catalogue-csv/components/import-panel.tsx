import type { ImportPreview } from "@shop/contract/desk";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";

import { Button } from "@/components/button";
import { FigureTable, type FigureColumn } from "@/components/figure-table";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { ProgressBar } from "@/components/progress-bar";
import { Panel } from "@/components/panel";
import { applyImport, previewImport, type Progress } from "@/features/catalogue-csv/api/csv-files";
import { t } from "@/features/catalogue-csv/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

type Step =
  | { name: "choose" }
  | { name: "checking"; progress: Progress | null }
  | { name: "preview"; preview: ImportPreview }
  | { name: "applying"; preview: ImportPreview; progress: Progress | null }
  | { name: "done"; created: number; updated: number };

const percentOf = (progress: Progress | null) =>
  progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : undefined;

const PREVIEW_COLUMNS: readonly FigureColumn[] = [
  { label: t("catalogue-csv.preview.row") },
  { label: t("catalogue-csv.preview.name") },
  { label: t("catalogue-csv.preview.category") },
  { label: t("catalogue-csv.preview.price"), numeric: true },
  { label: t("catalogue-csv.preview.stock"), numeric: true },
  { label: t("catalogue-csv.preview.action") },
];

/** Stands in for the row count while the preview's summary is split around it (the count is bold). */
const ROWS_MARK = "\u0000";

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <FigureTable
      caption={t("catalogue-csv.preview.caption")}
      columns={PREVIEW_COLUMNS}
      regionLabel={t("catalogue-csv.preview.region")}
      cellPadding="px-3 py-2"
      className="rounded-xl"
    >
      {preview.sample.map((row) => (
        <tr key={row.row} className="border-t border-line">
          <td className="px-3 py-2 tabular-nums">{row.row}</td>
          <th scope="row" className="px-3 py-2 font-medium text-ink">
            {row.name}
          </th>
          <td className="px-3 py-2">{row.category}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.price}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.stock}</td>
          <td className="px-3 py-2">
            {t(row.action === "create" ? "catalogue-csv.preview.create" : "catalogue-csv.preview.update")}
          </td>
        </tr>
      ))}
    </FigureTable>
  );
}

function ErrorList({ preview }: { preview: ImportPreview }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-900">
        {t("catalogue-csv.errors.heading", { count: preview.errorCount })}
      </p>
      <ul
        className="mt-3 flex max-h-80 flex-col gap-1 overflow-y-auto text-sm text-red-900"
        aria-label={t("catalogue-csv.errors.label")}
      >
        {preview.errors.map((error, index) => (
          <li key={`${error.row}-${error.field}-${index}`}>
            <span className="font-semibold">{t("catalogue-csv.errors.row", { row: error.row })}</span>,{" "}
            {error.field}: {error.message}
          </li>
        ))}
      </ul>
      {preview.errorCount > preview.errors.length ? (
        <p className="mt-2 text-sm font-medium text-red-900">
          {t("catalogue-csv.errors.more", {
            count: preview.errorCount - preview.errors.length,
            listed: preview.errors.length,
          })}
        </p>
      ) : null}
    </div>
  );
}

/** "2 rows: 1 new product, 1 update, 3 errors." with the row count in bold. */
function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const [beforeRows = "", afterRows = ""] = t("catalogue-csv.import.summary", {
    rows: ROWS_MARK,
    creates: preview.creates,
    updates: preview.updates,
    errors: preview.errorCount,
  }).split(ROWS_MARK);
  return (
    <p className="text-sm text-ink">
      {beforeRows}
      <span className="font-semibold">{t("catalogue-csv.import.rows", { rows: preview.rows })}</span>
      {afterRows}
    </p>
  );
}

/** Upload -> preview (every row's errors) -> apply all or nothing, with progress for large files. */
export function ImportPanel() {
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const check = async (chosen: File) => {
    setFile(chosen);
    setFailure(null);
    setStep({ name: "checking", progress: null });
    try {
      const preview = await previewImport(chosen, (progress) => setStep({ name: "checking", progress }));
      setStep({ name: "preview", preview });
    } catch (error) {
      setFailure(getErrorMessage(error));
      setStep({ name: "choose" });
    }
  };

  const apply = async (preview: ImportPreview) => {
    if (!file) return;
    setFailure(null);
    setStep({ name: "applying", preview, progress: null });
    try {
      const result = await applyImport(file, (progress) => setStep({ name: "applying", preview, progress }));
      setStep({ name: "done", ...result });
      notifyUpdated(
        t("catalogue-csv.import.doneToast", { created: result.created, updated: result.updated }),
      );
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(getErrorMessage(error));
      setStep({ name: "preview", preview });
    }
  };

  const reset = () => {
    setStep({ name: "choose" });
    setFile(null);
    setFailure(null);
    if (input.current) input.current.value = "";
  };

  const busy = step.name === "checking" || step.name === "applying";

  return (
    <Panel title={t("catalogue-csv.import.title")} description={t("catalogue-csv.import.description")}>
      <FormField label={t("catalogue-csv.import.file")} className="mt-4">
        {(control) => (
          <input
            ref={input}
            {...control}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void check(chosen);
            }}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
          />
        )}
      </FormField>

      <div className="mt-4 flex flex-col gap-4" aria-live="polite">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {step.name === "checking" ? (
          <ProgressBar
            label={t("catalogue-csv.import.checking", {
              file: file?.name ?? t("catalogue-csv.import.theFile"),
            })}
            percent={percentOf(step.progress)}
          />
        ) : null}
        {step.name === "applying" ? (
          <>
            <ProgressBar
              label={t("catalogue-csv.import.importing", {
                file: file?.name ?? t("catalogue-csv.import.theFile"),
              })}
              percent={percentOf(step.progress)}
            />
            <p className="text-sm text-ink-muted">{t("catalogue-csv.import.sending")}</p>
          </>
        ) : null}
        {step.name === "preview" ? (
          <>
            <PreviewSummary preview={step.preview} />
            {step.preview.errorCount > 0 ? <ErrorList preview={step.preview} /> : null}
            {step.preview.sample.length > 0 ? <PreviewTable preview={step.preview} /> : null}
            <div className="flex flex-wrap gap-3">
              <Button
                disabled={step.preview.errorCount > 0 || step.preview.rows === 0}
                onClick={() => void apply(step.preview)}
              >
                {t("catalogue-csv.import.apply", { rows: step.preview.rows })}
              </Button>
              <Button variant="light" onClick={reset}>
                {t("catalogue-csv.import.chooseAnother")}
              </Button>
            </div>
          </>
        ) : null}
        {step.name === "done" ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="font-semibold text-emerald-800">
              {t("catalogue-csv.import.done", { created: step.created, updated: step.updated })}
            </p>
            <Button variant="light" onClick={reset}>
              {t("catalogue-csv.import.another")}
            </Button>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
