import { REVIEW_LIMITS, testimonialInputSchema, type MyReviews } from "@shop/contract/reviews";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";

import { FormActions } from "@/components/form";
import { TextareaField } from "@/components/textarea-field";
import { paths } from "@/config/paths";
import { useDeleteTestimonial, useSaveTestimonial } from "@/features/reviews/api/reviews";
import { ConfirmOwnDelete, EditDeleteButtons } from "@/features/reviews/components/own-entry-actions";
import { t } from "@/features/reviews/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

/** My Reviews' testimonial about the shop: write (after a first order), edit or delete it. */
export function TestimonialSection({
  testimonial,
  canWrite,
}: {
  testimonial: MyReviews["testimonial"];
  canWrite: boolean;
}) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTestimonial();

  let content;
  if (testimonial && !editing) {
    content = (
      <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
        {testimonial.hidden ? (
          <p role="note" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("reviews.hiddenByAdmin", {
              reason: testimonial.moderationReason ?? t("reviews.noReasonGiven"),
            })}
          </p>
        ) : null}
        <blockquote className="leading-relaxed break-words whitespace-pre-line text-ink">
          <p>{testimonial.review}</p>
        </blockquote>
        <EditDeleteButtons
          editLabel={t("reviews.testimonial.editLabel")}
          deleteLabel={t("reviews.testimonial.deleteLabel")}
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirming(true)}
        />
      </div>
    );
  } else if (testimonial || canWrite) {
    content = (
      <TestimonialForm
        id={testimonial?._id ?? null}
        initial={testimonial?.review ?? ""}
        onDone={() => setEditing(false)}
        {...(testimonial ? { onCancel: () => setEditing(false) } : {})}
      />
    );
  } else {
    content = (
      <p className="text-ink-muted">
        {t("reviews.testimonial.afterFirstOrder")}{" "}
        <Link to={paths.products.getHref()} className="font-semibold text-brand-700 underline">
          {t("reviews.testimonial.browse")}
        </Link>
      </p>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-4 text-lg font-semibold text-ink">
        {t("reviews.testimonial.heading")}
      </h3>
      {content}
      {testimonial ? (
        <ConfirmOwnDelete
          open={confirming}
          title={t("reviews.testimonial.deleteTitle")}
          remove={remove}
          id={testimonial._id}
          deletedMessage={t("reviews.toast.testimonialDeleted")}
          onClose={() => setConfirming(false)}
        >
          {t("reviews.testimonial.deleteText")}
        </ConfirmOwnDelete>
      ) : null}
    </section>
  );
}

function TestimonialForm({
  id,
  initial,
  onDone,
  onCancel,
}: {
  id: string | null;
  initial: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveTestimonial();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testimonialInputSchema.safeParse({ review: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { id, review: parsed.data.review },
      {
        onSuccess: () => {
          notifyUpdated(t(id ? "reviews.toast.testimonialUpdated" : "reviews.toast.testimonialSaved"));
          onDone();
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t("reviews.testimonial.formLabel")}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <TextareaField
        label={t("reviews.testimonial.question")}
        required
        rows={4}
        maxLength={REVIEW_LIMITS.textMax}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <FormActions
        error={save.isError ? getErrorMessage(save.error) : null}
        isLoading={save.isPending}
        placement="panel"
        onCancel={onCancel}
      >
        {t(id ? "reviews.testimonial.save" : "reviews.testimonial.publish")}
      </FormActions>
    </form>
  );
}
