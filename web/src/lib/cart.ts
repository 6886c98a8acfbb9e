/**
 * The signed-in shopper's cart, shared by every screen: the cached cart lines (the top bar's
 * badge and /cart read the same query) and adding a product, used by every product card and the
 * product page. Type-only imports from the contract: a value import would pull zod into the entry
 * chunk (the top bar loads this file on every page).
 */
import type { CartLine } from "@shop/contract/cart";
import type { Product } from "@shop/contract/catalogue";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { paths } from "@/config/paths";
import { CART_FETCH_PAGE_SIZE, QUICK_ADD_QUANTITY } from "@/config/ui";
import { api, getErrorMessage, isApiError } from "@/lib/api-client";
import { sessionQueryKey, type SessionUser } from "@/lib/session";
import { notifyAdded, notifyError } from "@/lib/toast";
import { t } from "@/lib/i18n";

export type { CartLine };

export const cartQueryKeys = {
  /** Every cached cart: invalidated after each add and removal. */
  all: ["cart"] as const,
  lines: (email: string) => ["cart", email.toLowerCase()] as const,
};

/**
 * GET /carts/{email}: every line of the cart, newest first. The API pages its lists; the cart is
 * read whole (it is small) because its total and item count are sums over all lines.
 */
export async function getCart(email: string, signal?: AbortSignal): Promise<CartLine[]> {
  const lines = new Map<string, CartLine>();
  for (;;) {
    const page = await api.list<CartLine>(`/carts/${encodeURIComponent(email)}`, {
      query: { limit: CART_FETCH_PAGE_SIZE, offset: lines.size },
      signal,
    });
    // A line added between two pages shifts the next page by one: keep each line once.
    for (const line of page.items) lines.set(line._id, line);
    if (page.items.length === 0 || lines.size >= page.total) return [...lines.values()];
  }
}

export function getCartQueryOptions(email: string) {
  return queryOptions({
    queryKey: cartQueryKeys.lines(email),
    queryFn: ({ signal }) => getCart(email, signal),
    // Another tab or device may have changed the cart while this one was in the background.
    refetchOnWindowFocus: true,
  });
}

/** The number of units in the cart (the badge's number): the sum of the lines' quantities. */
export function countCartItems(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The cart after an add answered `line`: an existing line (adding again raises its quantity)
 * is replaced where it is, a new one goes first (lines are listed newest first).
 */
export function upsertCartLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((existing) => existing._id === line._id);
  if (index === -1) return [line, ...lines];
  return lines.map((existing, i) => (i === index ? line : existing));
}

/** SPEC's payload. The server reads only `quantity`; the other fields are informational. */
export type AddToCartBody = {
  /** The chosen size/colour; may be left out for a product with a single variant. */
  variantId?: string;
  name?: string;
  image?: string;
  price?: number;
  email?: string;
  quantity: number | string;
};

/** PUT /cart/{productId}: adds `quantity` to the shopper's line for the product; answers the line. */
export function putCartLine(productId: string, body: AddToCartBody): Promise<CartLine> {
  return api.put<CartLine>(`/cart/${encodeURIComponent(productId)}`, body);
}

/** The products inside any cached catalogue answer: one product, a page, or a growing list's pages. */
function productsIn(data: unknown): Product[] {
  if (typeof data !== "object" || data === null) return [];
  if ("pages" in data && Array.isArray(data.pages)) return data.pages.flatMap(productsIn);
  if ("items" in data && Array.isArray(data.items)) return data.items as Product[];
  if ("_id" in data && "productname" in data) return [data as Product];
  return [];
}

/** The product as the shopper saw it on the card or page they added it from, if it is cached. */
function findSeenProduct(queryClient: QueryClient, productId: string): Product | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: ["products"] })) {
    const product = productsIn(data).find((item) => item._id === productId);
    if (product) return product;
  }
  return undefined;
}

/**
 * SPEC's body for an add: name, image and unit price of the product, the owner's e-mail and the
 * quantity. A quick add (1) goes as the string '1', as SPEC's quick add sent it; the server
 * accepts both forms and takes name, image, price and owner from its own records (DESIGN.md).
 */
export function addToCartBody(
  quantity: number,
  { email, product }: { email?: string | undefined; product?: Product | undefined },
): AddToCartBody {
  return {
    name: product?.productname,
    image: product?.image,
    price: product?.price,
    email,
    quantity: quantity === QUICK_ADD_QUANTITY ? String(quantity) : quantity,
  };
}

/** What the shopper is told when an add fails: log in first (401), else the server's reason. */
export function addToCartErrorMessage(error: unknown): string {
  if (isNotSignedIn(error)) return t("lib.cart.loginFirst");
  return getErrorMessage(error);
}

function isNotSignedIn(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * The toast of a failed add. Signed out, it offers "Log in", which comes back to the product's
 * page afterwards, so the shopper can add it then (the card they clicked may be on any page).
 */
export function notifyAddToCartFailed(error: unknown, productId: string): void {
  const action = isNotSignedIn(error)
    ? { label: t("shell.auth.logIn"), to: paths.login.getHref(paths.product.getHref(productId)) }
    : undefined;
  notifyError(addToCartErrorMessage(error), { action });
}

export interface AddToCart {
  addToCart(productId: string, quantity: number, variantId?: string): void;
  isPending: boolean;
}

type AddToCartVariables = { productId: string; quantity: number; variantId?: string | undefined };

/**
 * Adds a product to the signed-in shopper's cart: 'Item added to the cart' and the badge goes up
 * at once. Signed out, the request is still sent (SPEC section 5) and its 401 answers 'Please Log
 * in First'; any other failure shows its reason.
 */
export function useAddToCart(): AddToCart {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ productId, quantity, variantId }: AddToCartVariables) => {
      // Read when adding, not watched: a product card need not load the session to render.
      const email = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.email;
      // GUEST_CHECKOUT (decision 042): signed out, the line goes to the guest bag (its cookie).
      if (!email && document.querySelector('meta[name="shop:guest-checkout"]')) {
        return api.put<CartLine>(`/guest-bag/${encodeURIComponent(productId)}`, { quantity, variantId });
      }
      const product = findSeenProduct(queryClient, productId);
      const body = addToCartBody(quantity, { email, product });
      return putCartLine(productId, variantId ? { ...body, variantId } : body);
    },
    onSuccess: (line) => {
      if (!line.email) return notifyAdded(t("lib.cart.added"));
      queryClient.setQueryData<CartLine[]>(cartQueryKeys.lines(line.email), (lines) =>
        lines ? upsertCartLine(lines, line) : lines,
      );
      void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
      notifyAdded(t("lib.cart.added"));
    },
    // Having its own handler keeps the query client's generic error toast away.
    onError: (error, { productId }) => notifyAddToCartFailed(error, productId),
  });
  const { mutate, isPending } = mutation;
  return {
    addToCart: (productId, quantity, variantId) => mutate({ productId, quantity, variantId }),
    isPending,
  };
}
