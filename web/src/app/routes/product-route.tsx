import { lazy } from "react";

import { ProductPage } from "@/features/product/pages/product-page";

/** Below a product's details; the product page does not know the reviews feature. */
const ProductReviews = lazy(() =>
  import("@/features/reviews/components/product-reviews").then((m) => ({ default: m.ProductReviews })),
);

/** /aboutproduct/{productId}: the product page with the buyers' reviews under it. */
export function ProductRoute() {
  return <ProductPage belowDetails={ProductReviews} />;
}
