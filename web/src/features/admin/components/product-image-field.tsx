import { isAllowedImage } from "@shop/contract/admin";
import { useId, useState, type DragEvent, type ReactNode } from "react";

import { Button } from "@/components/button";
import { FieldError } from "@/components/form-field";
import { Icon } from "@/components/icons";
import { ProgressBar } from "@/components/progress-bar";
import { TextField, type TextFieldProps } from "@/components/text-field";
import { ACCEPTED_IMAGE_TYPES } from "@/features/admin/config";
import { strongIn } from "@/features/admin/components/strong-in";
import type { UploadState } from "@/features/admin/hooks/use-image-upload";
import { t } from "@/features/admin/messages";
import { cn } from "@/lib/cn";

export type ProductImageFieldProps = {
  /** The image address as typed or as uploaded (the form's `image` value). */
  value: string;
  /** react-hook-form's `register("image")` for the address input. */
  inputProps: Omit<TextFieldProps, "label">;
  error: string | undefined;
  uploadState: UploadState;
  onFile: (file: File) => void;
  onCancelUpload: () => void;
};

/**
 * The product image: an http(s) address typed in, or a JPEG/PNG/WebP file chosen or dropped and
 * uploaded at once (with a progress bar), which fills the address in; another file replaces an
 * upload under way. A preview shows whatever the address points at.
 */
export function ProductImageField({
  value,
  inputProps,
  error,
  uploadState,
  onFile,
  onCancelUpload,
}: ProductImageFieldProps) {
  const fileInputId = useId();
  const fileHintId = useId();
  const [isDragging, setIsDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 text-sm font-semibold text-ink">{t("admin.image.legend")}</legend>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <TextField
            label={t("admin.image.url")}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            hint={t("admin.image.urlHint")}
            error={error}
            {...inputProps}
          />
          <div
            onDragEnter={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
            }}
            onDrop={onDrop}
            className={cn(
              "rounded-xl border-2 border-dashed p-4 transition-colors focus-within:border-brand-600",
              isDragging ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-stone-50",
            )}
          >
            <input
              id={fileInputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              aria-describedby={fileHintId}
              className="peer sr-only"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                // Cleared, so choosing the same file again uploads it again.
                event.currentTarget.value = "";
                if (file) onFile(file);
              }}
            />
            <label
              htmlFor={fileInputId}
              className={cn(
                "flex cursor-pointer flex-col items-center gap-1 rounded-lg px-2 py-1 text-center",
                "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
              )}
            >
              <UploadIcon />
              <span className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                {t("admin.image.upload")}
              </span>
            </label>
            <p id={fileHintId} className="mt-1 text-center text-sm text-ink-muted">
              {t("admin.image.uploadHint")}
            </p>
            <UploadStatus state={uploadState} onCancel={onCancelUpload} />
          </div>
        </div>
        <ImagePreview src={value.trim()} />
      </div>
    </fieldset>
  );
}

function UploadStatus({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  let content: ReactNode = null;
  if (state.status === "uploading") {
    content = (
      <div className="flex flex-col gap-2">
        <p className="truncate text-sm text-ink">
          {strongIn(
            (file) => t(state.percent === 100 ? "admin.image.processing" : "admin.image.uploading", { file }),
            <span className="font-semibold">{state.fileName}</span>,
          )}
        </p>
        <div className="flex items-center gap-3">
          <ProgressBar
            label={t("admin.image.uploadingLabel", { file: state.fileName })}
            percent={state.percent}
            className="flex-1"
          />
          <Button size="xs" variant="light" onClick={onCancel}>
            {t("admin.image.cancelUpload")}
          </Button>
        </div>
      </div>
    );
  } else if (state.status === "done") {
    content = (
      <p className="text-sm font-medium text-emerald-800">
        {strongIn(
          (file) => t("admin.image.uploaded", { file }),
          <span className="font-semibold break-all">{state.fileName}</span>,
        )}
      </p>
    );
  } else if (state.status === "error") {
    content = (
      <FieldError>
        {state.fileName ? (
          <span className="break-all">{t("admin.image.fileProblem", { file: state.fileName })}</span>
        ) : null}
        {state.message}
      </FieldError>
    );
  }
  return (
    // Announced as it changes: started, uploaded, or why not.
    <div
      role="status"
      aria-live="polite"
      className={cn(content !== null && "mt-3 border-t border-stone-200 pt-3")}
    >
      {content}
    </div>
  );
}

/** What the address points at, if it is one the shop accepts; a note when it cannot be loaded. */
function ImagePreview({ src }: { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src !== "" && isAllowedImage(src);
  return (
    // On small screens an empty preview is only in the way.
    <figure className={cn("flex-col gap-1.5", usable ? "flex" : "hidden sm:flex")}>
      <div className="flex aspect-square w-full max-w-[9rem] items-center justify-center overflow-hidden rounded-xl border border-line bg-stone-100">
        {usable && failedSrc !== src ? (
          <img
            key={src}
            src={src}
            alt={t("admin.image.previewAlt")}
            className="size-full object-cover"
            onError={() => setFailedSrc(src)}
          />
        ) : (
          <ImagePlaceholderIcon />
        )}
      </div>
      <figcaption className="text-xs text-ink-muted">
        {usable && failedSrc === src ? t("admin.image.doesNotLoad") : t("admin.image.preview")}
      </figcaption>
    </figure>
  );
}

function UploadIcon() {
  return (
    <Icon className="size-6 text-brand-700">
      <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </Icon>
  );
}

function ImagePlaceholderIcon() {
  return (
    <Icon strokeWidth={1.5} className="size-10 text-stone-400">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </Icon>
  );
}
