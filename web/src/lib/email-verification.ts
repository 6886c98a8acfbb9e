import { useMutation, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { sessionQueryOptions, type SessionUser } from "@/lib/session";

/** How often a page that waits for the confirmation asks again (the tab must be visible). */
const VERIFICATION_POLL_MS = 4_000;

/**
 * POST /api/auth/send-verification-email: a new confirmation link to the account's address;
 * opening it lands on `callbackURL` (the page that asked, so the shopper comes back to it).
 */
export function useResendVerification(callbackURL: string) {
  return useMutation({
    mutationFn: (email: string) => api.post("/auth/send-verification-email", { email, callbackURL }),
    onError: () => undefined,
  });
}

/**
 * While the signed-in address is unconfirmed, the session is read again whenever the tab is shown
 * and every few seconds while it is visible: a link opened in another tab (or on the phone)
 * shows here without a reload, and the page's forms keep what was typed.
 */
export function useNoticeEmailVerification(user: SessionUser | null) {
  const waiting = user !== null && !user.emailVerified;
  useQuery({
    ...sessionQueryOptions,
    enabled: waiting,
    refetchOnWindowFocus: waiting ? "always" : false,
    refetchInterval: waiting ? VERIFICATION_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}
