import {
  MODERATION_STATUSES,
  moderationBodySchema,
  type ModerationItem,
  type ModerationKind,
} from "@shop/contract/reviews";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { PageTitle } from "@/components/page-title";
import { Pagination } from "@/components/pagination";
import { QueryStates } from "@/components/query-states";
import { SelectField } from "@/components/select-field";
import { Skeleton } from "@/components/skeleton";
import { ratingLabel, Stars } from "@/components/star-rating";
import { TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { useModerate, useModerationList, type ModerationFilter } from "@/features/reviews/api/reviews";
import { formatReviewDate, MODERATION_PAGE_SIZE } from "@/features/reviews/config";
import { t } from "@/features/reviews/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

const KIND_OPTIONS = [
  { value: "product", label: t("reviews.moderation.kindProduct") },
  { value: "testimonial", label: t("reviews.moderation.kindTestimonial") },
] as const;
const STATUS_LABELS: Record<ModerationFilter["status"], string> = {
  all: t("reviews.moderation.statusAll"),
  visible: t("reviews.moderation.statusVisible"),
  hidden: t("reviews.moderation.statusHidden"),
};

/** /dashboard/moderation (admins): the newest reviews and testimonials first; hide or restore, with a reason. */
export function ModerationPage() {
  const [filter, setFilter] = useState<ModerationFilter>({ kind: "product", status: "all", page: 1 });
  const query = useModerationList(filter);

  return (
    <>
      <PageTitle
        title={t("reviews.moderation.title")}
        subtitle={t("reviews.moderation.subtitle")}
        level={2}
        documentTitle={t("reviews.moderation.documentTitle")}
        className="mb-6"
      />
      <div className="mb-6 flex flex-wrap gap-4">
        <SelectField
          label={t("reviews.moderation.kind")}
          value={filter.kind}
          options={KIND_OPTIONS}
          onChange={(event) => setFilter({ ...filter, kind: event.target.value as ModerationKind, page: 1 })}
        />
        <SelectField
          label={t("reviews.moderation.status")}
          value={filter.status}
          options={MODERATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(event) =>
            setFilter({ ...filter, status: event.target.value as ModerationFilter["status"], page: 1 })
          }
        />
      </div>
      <QueryStates
        query={query}
        pending={<Skeleton className="h-48" />}
        errorTitle={t("reviews.loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title={t("reviews.moderation.emptyTitle")}>
            {t("reviews.moderation.emptyText", { kind: filter.kind })}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul aria-label={t("reviews.moderation.listLabel")} className="flex flex-col gap-4">
              {data.items.map((item) => (
                <li key={item._id}>
                  <ModerationCard item={item} />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-6"
              label={t("reviews.moderation.pagesLabel")}
              page={filter.page}
              pageCount={Math.ceil(data.total / MODERATION_PAGE_SIZE)}
              onPageChange={(page) => setFilter({ ...filter, page })}
            />
          </>
        )}
      </QueryStates>
    </>
  );
}

function ModerationCard({ item }: { item: ModerationItem }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const moderate = useModerate();
  const action = item.hidden ? "restore" : "hide";
  const subject = item.title ?? t("reviews.moderation.subjectTestimonialBy", { name: item.name });
  const actionLabel = t("reviews.moderation.actionOn", { action, subject });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = moderationBodySchema.safeParse({ hidden: !item.hidden, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    moderate.mutate(
      { kind: item.kind, id: item._id, body: parsed.data },
      {
        onSuccess: () => {
          setReason("");
          notifyUpdated(t(parsed.data.hidden ? "reviews.toast.hidden" : "reviews.toast.restored"));
        },
      },
    );
  };

  return (
    <article
      aria-label={item.title ?? t("reviews.moderation.testimonialBy", { name: item.name })}
      className="rounded-2xl border border-line bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          className={
            item.hidden
              ? "rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900"
              : "rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800"
          }
        >
          {t(item.hidden ? "reviews.moderation.statusHidden" : "reviews.moderation.statusVisible")}
        </span>
        {item.productId && item.productname ? (
          <Link
            to={paths.product.getHref(item.productId)}
            className="font-semibold break-words text-brand-700 hover:underline"
          >
            {item.productname}
          </Link>
        ) : null}
        <span className="text-ink-muted">{formatReviewDate(item.createdAt)}</span>
      </div>
      {item.rating !== null ? (
        <p className="mt-2 flex items-center gap-2">
          <Stars average={item.rating} />
          <span className="sr-only">{ratingLabel(item.rating)}</span>
        </p>
      ) : null}
      {item.title ? <h3 className="mt-1 font-semibold break-words text-ink">{item.title}</h3> : null}
      <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-ink">{item.text}</p>
      <p className="mt-2 text-sm break-all text-ink-muted">
        {item.name}
        {item.email ? ` · ${item.email}` : ` · ${t("reviews.moderation.demoTestimonial")}`}
      </p>
      {item.moderationReason ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t("reviews.moderation.lastReason", { reason: item.moderationReason })}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={actionLabel}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <TextField
          label={t("reviews.moderation.reason")}
          className="min-w-0 flex-1 basis-56"
          value={reason}
          error={error}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          submit
          size="sm"
          variant={item.hidden ? "secondary" : "danger"}
          aria-label={actionLabel}
          isLoading={moderate.isPending}
        >
          {t(item.hidden ? "reviews.moderation.restore" : "reviews.moderation.hide")}
        </Button>
      </form>
      <FormAlert>{moderate.isError ? getErrorMessage(moderate.error) : null}</FormAlert>
    </article>
  );
}
