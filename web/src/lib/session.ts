import { clearAccessToken } from "@/lib/access-token";

/**
 * PLACEHOLDER until the auth task lands: nobody is signed in yet. The auth task replaces the
 * bodies below (keeping the names and shapes) with the real Better Auth session.
 */
export type SessionUser = {
  id: string;
  email: string;
  /** The display name shown in the dashboard greeting. */
  name: string;
  image?: string | null;
  role?: string | null;
};

export type Session = {
  user: SessionUser | null;
  /** True while the sign-in state loads (SPEC: a spinner shows, protected routes wait). */
  isPending: boolean;
};

export function useSession(): Session {
  return { user: null, isPending: false };
}

/** Ends the session. For now it only forgets the stored API token. */
export async function signOut(): Promise<void> {
  clearAccessToken();
}
