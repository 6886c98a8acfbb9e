import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { WishlistItems } from "@/features/wishlist/components/wishlist-items";
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
      <PageTitle title="Wishlist" level={2} documentTitle="Wishlist · Dashboard" />
      {change.isError ? <FormAlert className="mt-4">{getErrorMessage(change.error)}</FormAlert> : null}
      <QueryStates
        query={wishlist}
        pending={<Spinner label="Loading your wishlist" />}
        errorTitle="We couldn’t load your wishlist"
      >
        {(data) => (
          <div className="mt-6 flex flex-col gap-6">
            {data.items.length === 0 ? (
              <EmptyState title="Your wishlist is empty">
                Tap the heart on a product page to keep it here.
              </EmptyState>
            ) : (
              <WishlistItems
                items={data.items}
                actions={(item) => (
                  <>
                    <Button
                      size="sm"
                      disabled={item.stock === 0 || change.isPending}
                      aria-label={`Move ${item.productname} to the bag`}
                      onClick={() =>
                        change.mutate(
                          { action: "bag", productId: item.productId },
                          { onSuccess: () => notifyAdded(`${item.productname} is in your bag`) },
                        )
                      }
                    >
                      Move to bag
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={change.isPending}
                      aria-label={`Remove ${item.productname}`}
                      onClick={() => change.mutate({ action: "remove", productId: item.productId })}
                    >
                      Remove
                    </Button>
                  </>
                )}
              />
            )}
            <section aria-labelledby="wishlist-share" className="flex flex-col gap-2">
              <h3 id="wishlist-share" className="text-lg font-semibold text-ink">
                Share
              </h3>
              {data.shareToken ? (
                <>
                  <p className="text-sm text-ink-muted">
                    Anyone with this link can see (not change) your wishlist:
                  </p>
                  <input
                    readOnly
                    aria-label="Share link"
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
                      Revoke the link
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
                    Make a share link
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
