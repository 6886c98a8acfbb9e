import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";

import { queryClient } from "@/lib/query-client";
import { watchForEndedSession } from "@/lib/session";

/**
 * App-wide providers: the TanStack Query client. An API 401 anywhere means the session ended: one
 * watcher forgets it (protected routes then go to /login). The toast container sits inside the
 * router (app/router.tsx), so that a toast can hold a link.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchForEndedSession(queryClient), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
