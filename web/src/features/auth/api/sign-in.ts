import type { SignInForm } from "@shop/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { clearAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { mergeGuestBag } from "@/lib/guest-bag";
import { establishSession } from "@/features/auth/api/establish-session";
import { AUTH_MUTATION_KEY } from "@/lib/session";

/** POST /api/auth/sign-in/email: on success the server sets the session cookie. */
export async function signInWithEmail(credentials: SignInForm): Promise<void> {
  // A token of an earlier session would stand in for the new cookie on the next calls.
  clearAccessToken();
  await api.post("/auth/sign-in/email", credentials);
}

/**
 * A call that leaves the visitor signed in (`signIn`: the server sets the session cookie), then
 * fetches and stores the access token (SPEC section 4) and shares the user: signing in and up.
 */
export function useSessionMutation<Input>(name: string, signIn: (input: Input) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, name],
    mutationFn: async (input: Input) => {
      await signIn(input);
      const user = await establishSession(queryClient);
      // GUEST_CHECKOUT: the bag filled before signing in comes along.
      await mergeGuestBag(queryClient);
      return user;
    },
    // The form shows the server's message above its button, not as a toast.
    onError: () => undefined,
  });
}

/** Signs in with e-mail and password. */
export const useSignIn = () => useSessionMutation("sign-in", signInWithEmail);
