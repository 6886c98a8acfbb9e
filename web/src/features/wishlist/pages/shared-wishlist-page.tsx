import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { WishlistItems } from "@/features/wishlist/components/wishlist-items";
import { t } from "@/features/wishlist/messages";
import { api } from "@/lib/api-client";
import type { WishlistItem } from "@shop/contract/marketing";

/** /wishlist/:token: someone's shared wishlist, read-only, no sign-in; gone once revoked. */
export function SharedWishlistPage() {
  const { token = "" } = useParams();
  const shared = useQuery({
    queryKey: ["shared-wishlist", token],
    queryFn: ({ signal }) =>
      api.get<{ name: string; items: WishlistItem[] }>(`/wishlists/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
  return (
    <PageContainer className="max-w-3xl">
      <QueryStates
        query={shared}
        pending={<Spinner label={t("wishlist.shared.loading")} showLabel />}
        errorTitle={t("wishlist.shared.loadError")}
      >
        {(data) => (
          <>
            <PageTitle title={t("wishlist.shared.title", { name: data.name })} />
            <div className="mt-6">
              {data.items.length === 0 ? (
                <EmptyState title={t("wishlist.shared.empty")} />
              ) : (
                <WishlistItems items={data.items} />
              )}
            </div>
          </>
        )}
      </QueryStates>
    </PageContainer>
  );
}
