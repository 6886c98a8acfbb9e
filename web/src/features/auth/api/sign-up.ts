import type { RegisterForm } from "@shop/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { paths } from "@/config/paths";
import { clearAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { mergeGuestBag } from "@/lib/guest-bag";
import { AUTH_MUTATION_KEY, establishSession } from "@/lib/session";

/** POST /api/auth/sign-up/email: creates the account with its display name and signs it in. */
export async function signUpWithEmail(account: RegisterForm): Promise<void> {
  clearAccessToken();
  // The confirmation mail's link leads to the profile, which shows the address as verified.
  await api.post("/auth/sign-up/email", { ...account, callbackURL: paths.dashboard.root.getHref() });
}

/** Registers, then fetches and stores the access token (SPEC section 4) and shares the user. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, "sign-up"],
    mutationFn: async (account: RegisterForm) => {
      await signUpWithEmail(account);
      const user = await establishSession(queryClient);
      // GUEST_CHECKOUT: the bag filled before signing in comes along.
      await mergeGuestBag(queryClient);
      return user;
    },
    // The form shows the server's message above its button, not as a toast.
    onError: () => undefined,
  });
}
