import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";

/** PUT /api/user/admin/{email}: modifiedCount is 1 when promoted, 0 when already an admin. */
export function makeAdmin(email: string): Promise<{ modifiedCount: number }> {
  return api.put<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`);
}

/** Promotes an account, then refetches the user lists and admin checks (whatever the answer). */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.adminChecks }),
      ]);
    },
    // The page says what went wrong ('Failed to make an admin' for a 403).
    onError: () => undefined,
  });
}
