import { GOOGLE_PROVIDER_ID } from "@shop/contract/auth";
import { useMutation } from "@tanstack/react-query";

import { paths } from "@/config/paths";
import { clearAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { AUTH_MUTATION_KEY } from "@/lib/session";

/**
 * POST /api/auth/sign-in/social {provider: "google"} answers Google's authorization address. The
 * browser goes there; Google sends it back to the server's callback, which sets the session
 * cookie and redirects to `redirectTo` (or, when it fails, to the login page with `?error=`).
 * Back in the app, the session loader sees the cookie without a stored token and fetches one.
 */
export async function startGoogleSignIn(redirectTo: string): Promise<void> {
  clearAccessToken();
  const { url } = await api.post<{ url: string }>("/auth/sign-in/social", {
    provider: GOOGLE_PROVIDER_ID,
    callbackURL: redirectTo,
    errorCallbackURL: paths.login.getHref(redirectTo),
  });
  window.location.assign(url);
}

export function useGoogleSignIn() {
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, "google"],
    mutationFn: startGoogleSignIn,
    onError: () => undefined,
  });
}
