import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";

/** DELETE /api/userdelete/{email}: the account goes with its sessions, cart and profile. */
export function removeUser(email: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/userdelete/${encodeURIComponent(email)}`);
}

/** Removes an account, then refetches the user lists. Failures show as a toast (query client). */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
