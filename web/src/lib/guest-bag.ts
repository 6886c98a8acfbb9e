/**
 * GUEST_CHECKOUT (docs/decisions/042-guest-checkout.md): a signed-out visitor's bag lives on the
 * server behind an httpOnly cookie; after signing in or registering its lines move into the
 * account's bag. Loaded by the sign-in, sign-up and guest bag pages only (not the first page).
 */
import type { BagMergeReport } from "@shop/contract/guest";
import type { QueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";
import { notifyWarning } from "@/lib/toast";

/** The guest bag's queries: its lines and quotes (the bag page, and Stripe's return after Cancel). */
export const guestBagQueryKey = ["guest-bag"] as const;

/** The server says so in index.html (server/src/seo/page-head.ts). */
export const guestCheckoutIsOn = () => document.querySelector('meta[name="shop:guest-checkout"]') !== null;

/** Moves the guest bag into the account just signed in; a failure leaves the guest bag as it was. */
export async function mergeGuestBag(queryClient: QueryClient): Promise<void> {
  if (!guestCheckoutIsOn()) return;
  try {
    const report = await api.post<BagMergeReport>("/guest-bag/merge");
    await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    // Its texts come with it, after the sign-in: no page needs them at first.
    const { mergeNotice } = await import("@/lib/guest-bag-notice");
    const notice = mergeNotice(report);
    if (notice) notifyWarning(notice);
  } catch {
    // Signing in succeeded; the guest bag stays and the next sign-in tries again.
  }
}
