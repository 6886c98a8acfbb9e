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

const plural = (count: number, word: string) =>
  `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

const PREVIEW_COLUMNS: readonly FigureColumn[] = [
  { label: "Row" },
  { label: "Name" },
  { label: "Category" },
  { label: "Price", numeric: true },
  { label: "Stock", numeric: true },
  { label: "Action" },
];

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <FigureTable
      caption="The first rows as they will be stored"
      columns={PREVIEW_COLUMNS}
      regionLabel="First rows"
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
          <td className="px-3 py-2">{row.action === "create" ? "New" : "Update"}</td>
        </tr>
      ))}
    </FigureTable>
  );
}

function ErrorList({ preview }: { preview: ImportPreview }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-900">
        {plural(preview.errorCount, "error")} in this file: fix them and choose it again. Nothing is imported
        while any row has an error.
      </p>
      <ul
        className="mt-3 flex max-h-80 flex-col gap-1 overflow-y-auto text-sm text-red-900"
        aria-label="Errors by row"
      >
        {preview.errors.map((error, index) => (
          <li key={`${error.row}-${error.field}-${index}`}>
            <span className="font-semibold">Row {error.row}</span>, {error.field}: {error.message}
          </li>
        ))}
      </ul>
      {preview.errorCount > preview.errors.length ? (
        <p className="mt-2 text-sm font-medium text-red-900">
          …and {plural(preview.errorCount - preview.errors.length, "more error")}: the first{" "}
          {preview.errors.length.toLocaleString("en-US")} are listed.
        </p>
      ) : null}
    </div>
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
        `Imported: ${plural(result.created, "new product")}, ${plural(result.updated, "update")}`,
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
    <Panel
      title="Import products"
      description="A CSV file with the columns name, category, price, description, image, and optionally id (to update that product) and stock. You see every row’s errors before anything changes."
    >
      <FormField label="CSV file" className="mt-4">
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
          <ProgressBar label={`Checking ${file?.name ?? "the file"}`} percent={percentOf(step.progress)} />
        ) : null}
        {step.name === "applying" ? (
          <>
            <ProgressBar label={`Importing ${file?.name ?? "the file"}`} percent={percentOf(step.progress)} />
            <p className="text-sm text-ink-muted">Sending the file, then saving every row in one go…</p>
          </>
        ) : null}
        {step.name === "preview" ? (
          <>
            <p className="text-sm text-ink">
              <span className="font-semibold">{plural(step.preview.rows, "row")}</span>:{" "}
              {plural(step.preview.creates, "new product")}, {plural(step.preview.updates, "update")}
              {step.preview.errorCount > 0 ? `, ${plural(step.preview.errorCount, "error")}` : ""}.
            </p>
            {step.preview.errorCount > 0 ? <ErrorList preview={step.preview} /> : null}
            {step.preview.sample.length > 0 ? <PreviewTable preview={step.preview} /> : null}
            <div className="flex flex-wrap gap-3">
              <Button
                disabled={step.preview.errorCount > 0 || step.preview.rows === 0}
                onClick={() => void apply(step.preview)}
              >
                Import {plural(step.preview.rows, "product")}
              </Button>
              <Button variant="light" onClick={reset}>
                Choose another file
              </Button>
            </div>
          </>
        ) : null}
        {step.name === "done" ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="font-semibold text-emerald-800">
              Imported {plural(step.created, "new product")} and {plural(step.updated, "update")}.
            </p>
            <Button variant="light" onClick={reset}>
              Import another file
            </Button>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
