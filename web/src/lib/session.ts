import {
  queryOptions,
  useIsMutating,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useCallback, useState } from "react";

import { isSupportedLanguage, type Language } from "@shop/contract/languages";

import { clearAccessToken, getAccessToken, setAccessToken } from "@/lib/access-token";
import { api, getErrorMessage, isApiError } from "@/lib/api-client";
import { notifyError, notifyWarning } from "@/lib/toast";
import { t } from "@/lib/i18n";

/**
 * The signed-in user (Better Auth's session behind the cookie or the stored bearer token) and
 * the access token SPEC section 4 keeps under `accesstoken`. Every screen reads the user through
 * useSession(); the auth feature signs in through its establishSession(); one watcher turns an API
 * 401 into "signed out", after which the protected routes send the shopper to /login.
 */

export type Role = "admin" | "user";

export type SessionUser = {
  id: string;
  email: string;
  /** The display name shown in the dashboard greeting. */
  name: string;
  image: string | null;
  role: Role;
  /** The owner opened the confirmation link (or Google vouched for the address); checkout needs it. */
  emailVerified: boolean;
  /** The language the account chose (decision 041), or null before it chose one. */
  language?: Language | null;
};

export type Session = {
  user: SessionUser | null;
  /** True while the sign-in state loads (SPEC: a spinner shows, protected routes wait). */
  isPending: boolean;
  /** The sign-in state could not be loaded (server unreachable …); `user` is null then. */
  error: Error | null;
  retry: () => void;
};

const SESSION_KEY = "session";
export const sessionQueryKey = [SESSION_KEY] as const;

/** Every sign-in, sign-up and Google hand-off runs as a mutation under this key. */
export const AUTH_MUTATION_KEY = ["auth"] as const;

const SESSION_STALE_TIME_MS = 5 * 60_000;

/** GET /api/auth/get-session answers null or {user, session}; only the user's fields are used. */
export function readSessionUser(data: unknown): SessionUser | null {
  if (typeof data !== "object" || data === null) return null;
  const user = (data as { user?: unknown }).user;
  if (typeof user !== "object" || user === null) return null;
  const { id, email, name, image, role, emailVerified, language } = user as Record<string, unknown>;
  if (typeof id !== "string" || typeof email !== "string") return null;
  return {
    id,
    email,
    name: typeof name === "string" ? name : "",
    image: typeof image === "string" && image !== "" ? image : null,
    role: role === "admin" ? "admin" : "user",
    emailVerified: emailVerified === true,
    language: isSupportedLanguage(language) ? language : null,
  };
}

async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return readSessionUser(await api.get("/auth/get-session", { signal }));
}

/** SPEC's token call: PUT /api/user/{email} answers the token the API client sends as bearer. */
export async function fetchAccessToken(email: string, signal?: AbortSignal): Promise<string> {
  const { token } = await api.put<{ token: string }>(`/user/${encodeURIComponent(email)}`, undefined, {
    signal,
  });
  setAccessToken(token);
  return token;
}

/**
 * The current user, with an access token stored for them. A stored token wins over the cookie on
 * the server, so a stale one (its session ended) is dropped and the cookie asked once more. A
 * cookie session without a stored token (just signed in, back from Google, or a session made
 * outside the app) gets its token here.
 */
export async function loadSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const hadToken = getAccessToken() !== null;
  let user = await fetchSessionUser(signal);
  if (!user && hadToken) {
    clearAccessToken();
    user = await fetchSessionUser(signal);
  }
  if (user && getAccessToken() === null) {
    try {
      await fetchAccessToken(user.email, signal);
    } catch (error) {
      // The session ended between the two calls: nobody is signed in.
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  }
  return user;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => loadSession(signal),
  staleTime: SESSION_STALE_TIME_MS,
});

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  return {
    user: query.data ?? null,
    isPending: query.isPending,
    error: query.data === undefined ? query.error : null,
    retry: () => void query.refetch(),
  };
}

/** True while a sign-in, sign-up or sign-out is on its way (the avatar shows "busy"). */
export function useIsSigningIn(): boolean {
  return useIsMutating({ mutationKey: AUTH_MUTATION_KEY }) > 0;
}

/**
 * Forgets the signed-in user in this browser: the stored token, every cached answer (another
 * user must not see them) and the session itself, now null. Like queryClient.clear(), except
 * that the session query stays in the cache, so everything showing it updates at once.
 */
export function forgetSession(queryClient: QueryClient): void {
  clearAccessToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Ends the session on the server (POST /api/auth/sign-out). One already gone counts as ended. */
export async function endServerSession(): Promise<void> {
  try {
    await api.post("/auth/sign-out", {});
  } catch (error) {
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}

/**
 * Sign out: the server session first, then everything this browser knows about the user.
 * `beforeForget` runs in between (e.g. leave a protected page for the home page), so no
 * protected page sees the user vanish and redirects to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  const signOut = useCallback(
    async (beforeForget?: () => Promise<void> | void): Promise<boolean> => {
      setIsPending(true);
      try {
        await endServerSession();
        await beforeForget?.();
        forgetSession(queryClient);
        return true;
      } catch (error) {
        notifyError(getErrorMessage(error));
        return false;
      } finally {
        setIsPending(false);
      }
    },
    [queryClient],
  );
  return { signOut, isPending };
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function isAuthMutation(mutationKey: readonly unknown[] | undefined): boolean {
  return mutationKey?.[0] === AUTH_MUTATION_KEY[0];
}

/**
 * The one place where an API 401 is handled: the session ended (expired, revoked, the user was
 * removed), so the browser forgets it and says so. Protected routes then redirect to
 * /login?redirectTo=… by themselves. A wrong password (a 401 of the sign-in mutation) is not a
 * lost session and is left to the form. Returns the unsubscribe function.
 */
export function watchForEndedSession(queryClient: QueryClient): () => void {
  const handle = (error: unknown) => {
    if (!isUnauthorized(error)) return;
    if (!queryClient.getQueryData<SessionUser | null>(sessionQueryKey)) return;
    // Not inside the cache's own notification: forget on the next tick.
    queueMicrotask(() => {
      if (!queryClient.getQueryData<SessionUser | null>(sessionQueryKey)) return;
      forgetSession(queryClient);
      notifyWarning(t("lib.session.ended"), { toastId: "session-ended" });
    });
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (event.query.queryKey[0] === SESSION_KEY) return;
    handle(event.action.error);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (isAuthMutation(event.mutation.options.mutationKey)) return;
    handle(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
