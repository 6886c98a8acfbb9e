/**
 * Pricing the cart: the server's figures for the bag and for checkout (one source of truth), and
 * the discount code the shopper entered, kept for the tab so the code typed in the bag is the one
 * checkout applies. Part of the cart's shared core (docs/decisions/022-the-carts-shared-core-in-lib.md);
 * only lazily loaded pages import it, so its schema import stays out of the entry chunk.
 */
import { quoteSchema, type Quote } from "@shop/contract/money";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";

import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

export type QuoteRequest = {
  /** The lines to price; absent: the whole cart. */
  lineIds?: readonly string[] | undefined;
  shippingMethodId?: string | undefined;
  couponCode?: string | undefined;
};

/** POST /api/cart/quote: the server's figures (subtotal, discount, shipping, tax, total) for these lines. */
export function getQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return api.post(
    "/cart/quote",
    {
      ...(request.lineIds ? { lineIds: [...request.lineIds] } : {}),
      ...(request.shippingMethodId ? { shippingMethodId: request.shippingMethodId } : {}),
      ...(request.couponCode ? { couponCode: request.couponCode } : {}),
    },
    { schema: quoteSchema, signal },
  );
}

/**
 * Under the cart's key, so every add, change and removal (which invalidate the cart) prices it
 * again; `cartVersion` names what the cart holds, so a changed cart is a new query at once.
 */
export const quoteQueryOptions = (request: QuoteRequest, cartVersion = "") =>
  queryOptions({
    queryKey: [...cartQueryKeys.all, "quote", request, cartVersion],
    queryFn: ({ signal }) => getQuote(request, signal),
    // The old figures stay while a new method or code is priced: no flicker of the summary.
    placeholderData: keepPreviousData,
  });

export function useQuote(request: QuoteRequest, cartVersion?: string) {
  return useQuery(quoteQueryOptions(request, cartVersion));
}

const COUPON_STORAGE_KEY = "shop.couponCode";

function storedCouponCode(): string {
  try {
    return sessionStorage.getItem(COUPON_STORAGE_KEY) ?? "";
  } catch {
    // Storage refused (private mode, a sandboxed frame): the code lives for this page only.
    return "";
  }
}

/** The discount code entered in the bag or at checkout, kept for this tab ("" when none). */
export function useCouponCode(): [string, (code: string) => void] {
  const [code, setCode] = useState(storedCouponCode);
  const change = useCallback((next: string) => {
    setCode(next);
    try {
      if (next) sessionStorage.setItem(COUPON_STORAGE_KEY, next);
      else sessionStorage.removeItem(COUPON_STORAGE_KEY);
    } catch {
      // As above: kept in memory only.
    }
  }, []);
  return [code, change];
}
