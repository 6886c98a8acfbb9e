import { queryOptions, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";

import { api } from "@/lib/api-client";
import { useSession, type SessionUser } from "@/lib/session";

// Shown only to someone who opens a page they may not: loaded then, not with every page.
const NotAuthorized = lazy(() =>
  import("@/components/errors/not-authorized").then((module) => ({ default: module.NotAuthorized })),
);

/**
 * Who may see what, in one place (SPEC section 6). Pages and menus ask for a policy by name
 * (<Authorization policy="…">, useAuthorization().can("…"), <RequirePolicy policy="…" /> in the
 * router) instead of checking roles themselves. The server enforces the same rules on every call;
 * this only decides what the UI offers.
 */
export type Viewer = {
  user: SessionUser | null;
  isAdmin: boolean;
};

export const POLICIES = {
  /** All Users, Add Product, Manage Products: admins only. */
  "admin:manage-shop": (viewer: Viewer) => viewer.user !== null && viewer.isAdmin,
  /** My Reviews is a shopper's menu item; admins do not get it (SPEC section 2). */
  "dashboard:my-reviews": (viewer: Viewer) => viewer.user !== null && !viewer.isAdmin,
  /** The dashboard and the profile: anyone signed in. */
  "dashboard:view": (viewer: Viewer) => viewer.user !== null,
} as const satisfies Record<string, (viewer: Viewer) => boolean>;

export type Policy = keyof typeof POLICIES;

export function checkPolicy(policy: Policy, viewer: Viewer): boolean {
  return POLICIES[policy](viewer);
}

const ADMIN_CHECK_STALE_TIME_MS = 5 * 60_000;

/** SPEC's admin check: GET /api/admin/{email} answers {admin}. */
export async function getAdminCheck(email: string, signal?: AbortSignal): Promise<boolean> {
  const { admin } = await api.get<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`, { signal });
  return admin === true;
}

export const adminCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ["admin", email],
    queryFn: ({ signal }) => getAdminCheck(email, signal),
    staleTime: ADMIN_CHECK_STALE_TIME_MS,
  });

/**
 * Whether the user is an admin: the server's admin check, with the session's role standing in
 * until it answers (so nothing flickers) or when it cannot be reached.
 */
export function useIsAdmin(user: SessionUser | null): boolean {
  const { data } = useQuery({
    ...adminCheckQueryOptions(user?.email ?? ""),
    enabled: user !== null,
    placeholderData: user?.role === "admin",
  });
  if (!user) return false;
  return data ?? user.role === "admin";
}

export function useAuthorization() {
  const { user, isPending } = useSession();
  const isAdmin = useIsAdmin(user);
  const viewer: Viewer = { user, isAdmin };
  return {
    viewer,
    isPending,
    can: (policy: Policy) => checkPolicy(policy, viewer),
  };
}

export type AuthorizationProps = {
  policy: Policy;
  children: ReactNode;
  /** What to show instead; nothing by default (e.g. a menu item that is simply left out). */
  forbiddenFallback?: ReactNode;
};

/** Shows its children only to a viewer the policy allows. */
export function Authorization({ policy, children, forbiddenFallback = null }: AuthorizationProps) {
  const { can } = useAuthorization();
  return <>{can(policy) ? children : forbiddenFallback}</>;
}

/** A layout route: its child routes render for viewers the policy allows, a clear refusal for others. */
export function RequirePolicy({ policy }: { policy: Policy }) {
  return (
    <Authorization
      policy={policy}
      forbiddenFallback={
        <Suspense fallback={null}>
          <NotAuthorized />
        </Suspense>
      }
    >
      <Outlet />
    </Authorization>
  );
}
