import { REVIEW_LIMITS, testimonialInputSchema, type MyReviews } from "@shop/contract/reviews";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormActions } from "@/components/form";
import { TextareaField } from "@/components/textarea-field";
import { paths } from "@/config/paths";
import { useDeleteTestimonial, useSaveTestimonial } from "@/features/reviews/api/reviews";
import { REVIEW_TOASTS } from "@/features/reviews/config";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError, notifyRemoved, notifyUpdated } from "@/lib/toast";

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
            Hidden from the shop by an admin: {testimonial.moderationReason ?? "no reason given"}
          </p>
        ) : null}
        <blockquote className="leading-relaxed break-words whitespace-pre-line text-ink">
          <p>{testimonial.review}</p>
        </blockquote>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit<span className="sr-only"> your testimonial</span>
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete<span className="sr-only"> your testimonial</span>
          </Button>
        </div>
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
        You can tell other shoppers about us once you have placed an order.{" "}
        <Link to={paths.products.getHref()} className="font-semibold text-brand-700 underline">
          Browse the products
        </Link>
      </p>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-4 text-lg font-semibold text-ink">
        Your testimonial about the shop
      </h3>
      {content}
      {testimonial ? (
        <ConfirmDialog
          open={confirming}
          title="Delete your testimonial?"
          confirmLabel="Delete"
          tone="danger"
          isConfirming={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(testimonial._id, {
              onSuccess: () => {
                setConfirming(false);
                notifyRemoved(REVIEW_TOASTS.testimonialDeleted);
              },
              onError: (error) => notifyError(getErrorMessage(error)),
            })
          }
        >
          It will no longer show on the home page and the testimonials page.
        </ConfirmDialog>
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
          notifyUpdated(id ? REVIEW_TOASTS.testimonialUpdated : REVIEW_TOASTS.testimonialSaved);
          onDone();
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Your testimonial"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <TextareaField
        label="What would you tell other shoppers about us?"
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
        {id ? "Save testimonial" : "Publish testimonial"}
      </FormActions>
    </form>
  );
}
