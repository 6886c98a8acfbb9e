import { profileSchema, type Profile, type ProfileUpdate } from "@shop/contract/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { profileQueryKey } from "@/features/dashboard/api/get-profile";
import { api } from "@/lib/api-client";

/** PUT /api/profile/{email} with qualification, city, phone and email (SPEC section 7). */
export function updateProfile(email: string, values: Omit<ProfileUpdate, "email">): Promise<Profile> {
  return api.put(`/profile/${encodeURIComponent(email)}`, { ...values, email }, { schema: profileSchema });
}

/** Saves the profile and puts the saved values straight into the profile card's cache. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Omit<ProfileUpdate, "email">) => updateProfile(email, values),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey(email), saved),
    // The form shows what went wrong above its button, not as a toast.
    onError: () => undefined,
  });
}
