import type { MyProductReview, MyReviews } from "@shop/contract/reviews";
import { useId, useState } from "react";
import { Link } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Skeleton } from "@/components/skeleton";
import { paths } from "@/config/paths";
import { useDeleteProductReview, useMyReviews } from "@/features/reviews/api/reviews";
import { ConfirmOwnDelete, EditDeleteButtons } from "@/features/reviews/components/own-entry-actions";
import { ReviewForm } from "@/features/reviews/components/review-form";
import { ReviewItem } from "@/features/reviews/components/review-item";
import { TestimonialSection } from "@/features/reviews/components/testimonial-section";
import { t } from "@/features/reviews/messages";

/** /dashboard/review: what I may review now, my product reviews and my testimonial about the shop. */
export function MyReviewsPage() {
  const query = useMyReviews();
  return (
    <>
      <PageTitle
        title={t("reviews.mine.title")}
        level={2}
        documentTitle={t("reviews.mine.documentTitle")}
        className="mb-6"
      />
      <QueryStates
        query={query}
        pending={<Skeleton className="h-48" />}
        errorTitle={t("reviews.mine.loadError")}
      >
        {(data) => <MyReviewsContent data={data} />}
      </QueryStates>
    </>
  );
}

function MyReviewsContent({ data }: { data: MyReviews }) {
  return (
    <div className="flex flex-col gap-10">
      <Section title={t("reviews.mine.readyHeading")}>
        {data.toReview.length === 0 ? (
          <p className="text-ink-muted">{t("reviews.mine.nothingToReview")}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {data.toReview.map((item) => (
              <li key={item.productId}>
                <ToReview productId={item.productId} productname={item.productname} image={item.image} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t("reviews.mine.productReviewsHeading")}>
        {data.productReviews.length === 0 ? (
          <EmptyState title={t("reviews.emptyTitle")}>{t("reviews.mine.emptyText")}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-4">
            {data.productReviews.map((review) => (
              <li key={review._id}>
                <OwnReview review={review} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <TestimonialSection testimonial={data.testimonial} canWrite={data.canWriteTestimonial} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-4 text-lg font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A delivered product as this page shows it: its picture and its name, a link to its page. */
type ReviewedProduct = { productId: string; productname: string; image: string };

function ProductLine({ productId, productname, image }: ReviewedProduct) {
  return (
    <div className="flex items-center gap-3">
      <DecorativeImage
        src={image}
        width={48}
        className="size-12 shrink-0 rounded-lg bg-stone-100 object-cover"
      />
      <Link
        to={paths.product.getHref(productId)}
        className="font-semibold break-words text-ink hover:text-brand-700 hover:underline"
      >
        {productname}
      </Link>
    </div>
  );
}

function ToReview(product: ReviewedProduct) {
  const { productId, productname } = product;
  const [writing, setWriting] = useState(false);
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ProductLine {...product} />
        {writing ? null : (
          <Button
            size="sm"
            aria-label={t("reviews.writeReviewOf", { name: productname })}
            onClick={() => setWriting(true)}
          >
            {t("reviews.writeReview")}
          </Button>
        )}
      </div>
      {writing ? (
        <ReviewForm productName={productname} target={{ productId }} onCancel={() => setWriting(false)} />
      ) : null}
    </div>
  );
}

function OwnReview({ review }: { review: MyProductReview }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProductReview();
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <ProductLine productId={review.productId} productname={review.productname} image={review.image} />
      {review.hidden ? (
        <p role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("reviews.hiddenByAdmin", { reason: review.moderationReason ?? t("reviews.noReasonGiven") })}
        </p>
      ) : null}
      {editing ? (
        <div className="mt-4">
          <ReviewForm
            productName={review.productname}
            target={{ reviewId: review._id }}
            initial={{ rating: review.rating, title: review.title, text: review.text }}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <ReviewItem review={review} headingLevel={4} className="pt-4">
          <EditDeleteButtons
            editLabel={t("reviews.editReviewOf", { name: review.productname })}
            deleteLabel={t("reviews.deleteReviewOf", { name: review.productname })}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
          />
        </ReviewItem>
      )}
      <ConfirmOwnDelete
        open={confirming}
        title={t("reviews.mine.deleteTitle")}
        remove={remove}
        id={review._id}
        deletedMessage={t("reviews.toast.reviewDeleted")}
        onClose={() => setConfirming(false)}
      >
        {t("reviews.mine.deleteText", { name: review.productname })}
      </ConfirmOwnDelete>
    </div>
  );
}
