import { useMutation, useQueryClient } from "@tanstack/react-query";

import { clearAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { establishSession } from "@/features/auth/api/establish-session";
import { AUTH_MUTATION_KEY } from "@/lib/session";

/** POST /api/auth/request-password-reset: answers the same whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post("/auth/request-password-reset", { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, onError: () => undefined });
}

export type ResetPasswordInput = { token: string; newPassword: string; email: string | null };

/**
 * POST /api/auth/reset-password with the mail's token: the token is spent and every session of
 * the account ends. With the address from the link, the shopper is then signed in here.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, "reset-password"],
    mutationFn: async ({ token, newPassword, email }: ResetPasswordInput) => {
      await api.post("/auth/reset-password", { token, newPassword });
      if (!email) return null;
      clearAccessToken();
      await api.post("/auth/sign-in/email", { email, password: newPassword });
      return establishSession(queryClient);
    },
    onError: () => undefined,
  });
}
