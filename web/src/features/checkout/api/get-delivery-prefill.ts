import type { Delivery } from "@shop/contract/orders";
import { profileSchema } from "@shop/contract/profile";
import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";

/**
 * The delivery form's starting values: the name from the session, city and phone from the
 * profile (GET /api/updateprofile/{email}; the same cache entry as the dashboard's profile). A
 * profile that cannot be read only means less is filled in.
 */
export function useDeliveryPrefill(): { prefill: Delivery; isPending: boolean } {
  const user = useSession().user;
  const email = user?.email ?? "";
  const profile = useQuery({
    queryKey: ["profile", email],
    queryFn: ({ signal }) =>
      api.get(`/updateprofile/${encodeURIComponent(email)}`, { schema: profileSchema, signal }),
    enabled: email !== "",
    retry: false,
  });
  return {
    prefill: {
      name: user?.name ?? "",
      address: "",
      city: profile.data?.city ?? "",
      phone: profile.data?.phone ?? "",
    },
    isPending: email !== "" && profile.isPending,
  };
}
