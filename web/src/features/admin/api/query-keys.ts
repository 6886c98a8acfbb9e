/**
 * The admin pages' query keys. Products stay under ['products', …] like the storefront's lists,
 * so one invalidation after an admin write refreshes every product list and page in the shop.
 */
export type ListParams = { q: string; limit: number; offset: number };

export const adminQueryKeys = {
  users: ["users"] as const,
  userList: (params: ListParams) => ["users", params] as const,
  products: ["products"] as const,
  productList: (params: ListParams) => ["products", { view: "manage", ...params }] as const,
  /** The same key as the product page's, so both share one cached product. */
  product: (productId: string) => ["products", { id: productId }] as const,
  /** The admin check of components/authorization.tsx. */
  adminChecks: ["admin"] as const,
};
