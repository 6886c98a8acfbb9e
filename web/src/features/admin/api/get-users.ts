import type { UserSummary } from "@shop/contract/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { adminQueryKeys, type ListParams } from "@/features/admin/api/query-keys";
import { api, type ListResult } from "@/lib/api-client";

/** GET /api/alluser (SPEC section 7): one page of accounts, newest first; `q` matches e-mail or name. */
export function getUsers(
  { q, limit, offset }: ListParams,
  signal?: AbortSignal,
): Promise<ListResult<UserSummary>> {
  return api.list<UserSummary>("/alluser", { query: { q: q || undefined, limit, offset }, signal });
}

export function getUsersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: adminQueryKeys.userList(params),
    queryFn: ({ signal }) => getUsers(params, signal),
  });
}

/** Keeps the last page on screen while the next one (or a new search) loads. */
export function useUsers(params: ListParams) {
  return useQuery({ ...getUsersQueryOptions(params), placeholderData: keepPreviousData });
}
