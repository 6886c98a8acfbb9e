import { zodResolver } from "@hookform/resolvers/zod";
import {
  productReviewInputSchema,
  ratingSchema,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ProductReviewInput,
} from "@shop/contract/reviews";
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";

import { Form, FormActions } from "@/components/form";
import { FieldError } from "@/components/form-field";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import { useSaveProductReview } from "@/features/reviews/api/reviews";
import { t } from "@/features/reviews/messages";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n";
import { notifyUpdated } from "@/lib/toast";

/** Radio buttons hand react-hook-form their value as text ("4"): the stars are read as a number here. */
const reviewFormSchema = productReviewInputSchema.extend({
  rating: z.coerce.number({ message: REVIEW_MESSAGES.ratingRequired }).pipe(ratingSchema),
});
type FormValues = z.input<typeof reviewFormSchema>;

/** Write (productId) or edit (review) a product review: stars, a title and the text. */
export function ReviewForm({
  productName,
  target,
  initial,
  onDone,
  onCancel,
}: {
  productName: string;
  target: { productId: string } | { reviewId: string };
  initial?: ProductReviewInput;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const save = useSaveProductReview();
  const ratingErrorId = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
    field,
  } = useValidatedForm<FormValues, ProductReviewInput>(
    zodResolver(reviewFormSchema),
    initial ?? { rating: 0, title: "", text: "" },
  );
  const rating = Number(useWatch({ control, name: "rating" })) || 0;
  const isEdit = "reviewId" in target;

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      "reviewId" in target
        ? { kind: "update", reviewId: target.reviewId, input }
        : { kind: "create", productId: target.productId, input },
      {
        onSuccess: () => {
          notifyUpdated(t(isEdit ? "reviews.toast.reviewUpdated" : "reviews.toast.reviewSaved"));
          onDone?.();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const field of ["rating", "title", "text"] as const) {
            const message = error.errors[field];
            if (message) setError(field, { message });
          }
        },
      },
    ),
  );

  return (
    <Form
      label={t(isEdit ? "reviews.editReviewOf" : "reviews.form.reviewOf", { name: productName })}
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <fieldset aria-describedby={errors.rating ? ratingErrorId : undefined}>
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t("reviews.form.rating")}{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer">
              <input type="radio" value={stars} className="peer sr-only" {...register("rating")} />
              <span className="sr-only">{t("reviews.stars", { stars })}</span>
              <span
                aria-hidden="true"
                className={cn(
                  "block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600",
                  stars <= rating ? "text-amber-500" : "text-stone-300",
                )}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? <FieldError id={ratingErrorId}>{errors.rating.message}</FieldError> : null}
      </fieldset>
      <TextField
        label={t("reviews.form.title")}
        required
        maxLength={REVIEW_LIMITS.titleMax}
        {...field("title")}
      />
      <TextareaField
        label={t("reviews.form.text")}
        required
        rows={4}
        maxLength={REVIEW_LIMITS.textMax}
        hint={t("reviews.form.textHint", {
          max: formatNumber(REVIEW_LIMITS.textMax, { useGrouping: false }),
        })}
        {...field("text")}
      />
      <FormActions
        error={save.isError ? getErrorMessage(save.error) : null}
        isLoading={save.isPending}
        placement="panel"
        onCancel={onCancel}
      >
        {t(isEdit ? "reviews.form.save" : "reviews.form.publish")}
      </FormActions>
    </Form>
  );
}
