import { useState, type ComponentType } from "react";
import { useParams, useSearchParams } from "react-router";

import { AfterFirstPaint } from "@/components/after-first-paint";

import { GonePanel } from "@/components/errors/gone-panel";
import { PageContainer } from "@/components/page-container";
import { QueryStates } from "@/components/query-states";
import { useProduct } from "@/features/product/api/get-product";
import { ProductDetails } from "@/features/product/components/product-details";
import { ProductDetailsSkeleton } from "@/features/product/components/product-details-skeleton";
import { t } from "@/features/product/messages";
import { isUnknownIdError } from "@/lib/api-client";
import { formatDate } from "@/lib/i18n";
import type { ProductDetail } from "@shop/contract/variants";

/** What the app shows below a product's details (its reviews), loaded after the first paint. */
export type ProductSection = ComponentType<{ productId: string; productName: string }>;

/** /aboutproduct/{productId}: one product, or a clear message when there is no such product. */
export function ProductPage({ belowDetails: BelowDetails }: { belowDetails?: ProductSection }) {
  const { productId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const preview = searchParams.has("preview");
  const query = useProduct(productId, { preview });

  return (
    <PageContainer>
      <QueryStates
        query={query}
        pending={<ProductDetailsSkeleton />}
        errorTitle={t("product.loadError")}
        notFound={<ProductNotFound />}
        isNotFound={isUnknownIdError}
      >
        {(product) => (
          <>
            {preview ? <PreviewNotice status={product.status} publishAt={product.publishAt} /> : null}
            <ProductDetails key={product._id} product={product} />
            {BelowDetails ? (
              <AfterFirstPaint placeholder={null}>
                <BelowDetails productId={product._id} productName={product.productname} />
              </AfterFirstPaint>
            ) : null}
          </>
        )}
      </QueryStates>
    </PageContainer>
  );
}

/** Above the owner's preview: whether shoppers see this product, and from when. */
function PreviewNotice({ status, publishAt }: Pick<ProductDetail, "status" | "publishAt">) {
  // When the page opened: the notice does not change under the owner's eyes.
  const [openedAt] = useState(Date.now);
  const launch = publishAt ? new Date(publishAt) : null;
  const message =
    status === "draft"
      ? t("product.preview.draft")
      : status === "archived"
        ? t("product.preview.archived")
        : launch && launch.getTime() > openedAt
          ? t("product.preview.scheduled", {
              date: formatDate(launch, { dateStyle: "medium", timeStyle: "short" }),
            })
          : t("product.preview.active");
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <strong className="font-semibold">{t("product.preview")}</strong> {message}
    </p>
  );
}

function ProductNotFound() {
  return <GonePanel title={t("product.notFound.title")}>{t("product.notFound.text")}</GonePanel>;
}
