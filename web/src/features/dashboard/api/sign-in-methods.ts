import { GOOGLE_PROVIDER_ID } from "@shop/contract/auth";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { paths } from "@/config/paths";
import { api } from "@/lib/api-client";

/** One way into the account, as Better Auth lists it: `credential` (password) or `google`. */
export type LinkedAccount = { id: string; providerId: string };

const linkedAccountsQueryKey = ["linked-accounts"] as const;

/** GET /api/auth/list-accounts: the signed-in user's ways in. */
export const linkedAccountsQueryOptions = queryOptions({
  queryKey: linkedAccountsQueryKey,
  queryFn: ({ signal }) => api.get<LinkedAccount[]>("/auth/list-accounts", { signal }),
});

export function useLinkedAccounts() {
  return useQuery(linkedAccountsQueryOptions);
}

/**
 * POST /api/auth/link-social answers Google's authorization address; Google brings the browser
 * back to the profile, with `?error=` when the link was refused (a Google account with another
 * e-mail, or one already linked to someone else).
 */
export function useLinkGoogle() {
  return useMutation({
    mutationFn: async () => {
      const profile = paths.dashboard.root.getHref();
      const { url } = await api.post<{ url: string }>("/auth/link-social", {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: profile,
        errorCallbackURL: profile,
      });
      window.location.assign(url);
    },
    onError: () => undefined,
  });
}

/** POST /api/auth/unlink-account: the server refuses to remove the last way in. */
export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.post("/auth/unlink-account", { accountId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey }),
    onError: () => undefined,
  });
}
