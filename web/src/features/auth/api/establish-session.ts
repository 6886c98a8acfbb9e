import type { QueryClient } from "@tanstack/react-query";

import { t } from "@/features/auth/messages";
import { loadSession, sessionQueryKey, type SessionUser } from "@/lib/session";

/**
 * After the server accepted a sign-in or sign-up (its session cookie is set): reads the session,
 * fetches and stores the access token, and tells every screen who is signed in.
 */
export async function establishSession(queryClient: QueryClient): Promise<SessionUser> {
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  const user = await loadSession();
  if (!user) throw new Error(t("auth.session.notKept"));
  queryClient.setQueryData(sessionQueryKey, user);
  return user;
}
