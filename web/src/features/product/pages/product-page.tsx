import type { ComponentType } from "react";
import { useParams } from "react-router";

import { AfterFirstPaint } from "@/components/after-first-paint";

import { Button } from "@/components/button";
import { SearchIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { QueryStates } from "@/components/query-states";
import { paths } from "@/config/paths";
import { useProduct } from "@/features/product/api/get-product";
import { ProductDetails } from "@/features/product/components/product-details";
import { ProductDetailsSkeleton } from "@/features/product/components/product-details-skeleton";
import { isUnknownIdError } from "@/lib/api-client";

/** What the app shows below a product's details (its reviews), loaded after the first paint. */
export type ProductSection = ComponentType<{ productId: string; productName: string }>;

/** /aboutproduct/{productId}: one product, or a clear message when there is no such product. */
export function ProductPage({ belowDetails: BelowDetails }: { belowDetails?: ProductSection }) {
  const { productId = "" } = useParams();
  const query = useProduct(productId);

  return (
    <PageContainer>
      <QueryStates
        query={query}
        pending={<ProductDetailsSkeleton />}
        errorTitle="We couldn’t load this product"
        notFound={<ProductNotFound />}
        isNotFound={isUnknownIdError}
      >
        {(product) => (
          <>
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

function ProductNotFound() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
      <title>Product not found</title>
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchIcon className="size-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink">Product not found</h1>
      <p className="mt-3 max-w-prose text-ink-muted">
        This product does not exist or is no longer sold. Have a look at the rest of the shop instead.
      </p>
      <div className="mt-6">
        <Button to={paths.products.getHref()}>Browse all products</Button>
      </div>
    </div>
  );
}
