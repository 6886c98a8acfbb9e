import { profileSchema, type Profile } from "@shop/contract/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /api/updateprofile/{email}: city, qualification and phone (empty until first saved). */
export function getProfile(email: string, signal?: AbortSignal): Promise<Profile> {
  return api.get(`/updateprofile/${encodeURIComponent(email)}`, { schema: profileSchema, signal });
}

export const profileQueryKey = (email: string) => ["profile", email] as const;

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
