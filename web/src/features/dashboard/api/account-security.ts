import { deviceSessionSchema, type DeviceSession } from "@shop/contract/account";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { dashboardPaths } from "@/config/dashboard-paths";
import { clearAccessToken, setAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { forgetSession, sessionQueryKey } from "@/lib/session";

const devicesQueryKey = ["account", "devices"] as const;

export type Device = DeviceSession & { current: boolean };

/** GET /api/auth/list-sessions: where this account is signed in; `current` marks this browser. */
export async function getDevices(signal?: AbortSignal): Promise<Device[]> {
  const [sessions, current] = await Promise.all([
    api.get("/auth/list-sessions", { schema: deviceSessionSchema.array(), signal }),
    api.get<{ session?: { id?: string } } | null>("/auth/get-session", { signal }),
  ]);
  return sessions.map((session) => ({ ...session, current: session.id === current?.session?.id }));
}

export const devicesQueryOptions = queryOptions({
  queryKey: devicesQueryKey,
  queryFn: ({ signal }) => getDevices(signal),
});

export function useDevices() {
  return useQuery(devicesQueryOptions);
}

/** POST /api/auth/revoke-other-sessions: every session but this one ends. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/auth/revoke-other-sessions", {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
    onError: () => undefined,
  });
}

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/**
 * POST /api/auth/change-password, ending the other sessions. This one is replaced by a new
 * session: its token becomes the stored access token.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      const { token } = await api.post<{ token: string | null }>("/auth/change-password", {
        ...input,
        revokeOtherSessions: true,
      });
      // The answer's token is unsigned; the server hands out the signed one for the new cookie.
      clearAccessToken();
      if (token) {
        const user = queryClient.getQueryData<{ email: string } | null>(sessionQueryKey);
        if (user) {
          const signed = await api.put<{ token: string }>(`/user/${encodeURIComponent(user.email)}`);
          setAccessToken(signed.token);
        }
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
    onError: () => undefined,
  });
}

/** POST /api/auth/change-email: a link goes to the new address; the change waits for it. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      api.post("/auth/change-email", { newEmail, callbackURL: dashboardPaths.account.getHref() }),
    onError: () => undefined,
  });
}

/**
 * POST /api/auth/delete-user with the password. The account and its sessions are gone; the caller
 * leaves the page, then calls the answered `forget` so this browser forgets the user too.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await api.post("/auth/delete-user", { password });
      return { forget: () => forgetSession(queryClient) };
    },
    onError: () => undefined,
  });
}
