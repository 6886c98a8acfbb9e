import { authProvidersSchema, type AuthProviders } from "@shop/contract/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /api/auth-providers: which sign-in methods this shop offers (Google only when configured). */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get("/auth-providers", { schema: authProvidersSchema, signal });
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: ["auth-providers"],
  queryFn: ({ signal }) => getAuthProviders(signal),
  // Set when the server starts; it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
