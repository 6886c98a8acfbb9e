import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { WishlistItems } from "@/features/wishlist/components/wishlist-items";
import { t } from "@/features/wishlist/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyAdded } from "@/lib/toast";
import { useChangeWishlist, useWishlist } from "@/lib/wishlist";

/**
 * /dashboard/wishlist: what the shopper saved, with today's price and how it changed, the stock,
 * Move to bag (with the size saved) and Remove; and the read-only share link, revocable.
 */
export function WishlistPage() {
  const wishlist = useWishlist();
  const change = useChangeWishlist();
  const shareUrl = (token: string) => `${window.location.origin}${paths.sharedWishlist.getHref(token)}`;

  return (
    <>
      <PageTitle title={t("wishlist.title")} level={2} documentTitle={t("wishlist.documentTitle")} />
      {change.isError ? <FormAlert className="mt-4">{getErrorMessage(change.error)}</FormAlert> : null}
      <QueryStates
        query={wishlist}
        pending={<Spinner label={t("wishlist.loading")} />}
        errorTitle={t("wishlist.loadError")}
      >
        {(data) => (
          <div className="mt-6 flex flex-col gap-6">
            {data.items.length === 0 ? (
              <EmptyState title={t("wishlist.empty.title")}>{t("wishlist.empty.text")}</EmptyState>
            ) : (
              <WishlistItems
                items={data.items}
                actions={(item) => (
                  <>
                    <Button
                      size="sm"
                      disabled={item.stock === 0 || change.isPending}
                      aria-label={t("wishlist.moveToBagLabel", { name: item.productname })}
                      onClick={() =>
                        change.mutate(
                          { action: "bag", productId: item.productId },
                          { onSuccess: () => notifyAdded(t("wishlist.inBag", { name: item.productname })) },
                        )
                      }
                    >
                      {t("wishlist.moveToBag")}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={change.isPending}
                      aria-label={t("wishlist.removeLabel", { name: item.productname })}
                      onClick={() => change.mutate({ action: "remove", productId: item.productId })}
                    >
                      {t("wishlist.remove")}
                    </Button>
                  </>
                )}
              />
            )}
            <section aria-labelledby="wishlist-share" className="flex flex-col gap-2">
              <h3 id="wishlist-share" className="text-lg font-semibold text-ink">
                {t("wishlist.share")}
              </h3>
              {data.shareToken ? (
                <>
                  <p className="text-sm text-ink-muted">{t("wishlist.shareText")}</p>
                  <input
                    readOnly
                    aria-label={t("wishlist.shareLink")}
                    value={shareUrl(data.shareToken)}
                    className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink"
                  />
                  <div>
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ action: "revoke" })}
                    >
                      {t("wishlist.revoke")}
                    </Button>
                  </div>
                </>
              ) : (
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ action: "share" })}
                  >
                    {t("wishlist.makeLink")}
                  </Button>
                </div>
              )}
            </section>
          </div>
        )}
      </QueryStates>
    </>
  );
}
