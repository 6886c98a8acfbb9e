import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";

import { queryClient } from "@/lib/query-client";
import { watchForEndedSession } from "@/lib/session";
import { Toaster } from "@/lib/toast";

/**
 * App-wide providers: the TanStack Query client and the toast container. An API 401 anywhere
 * means the session ended: one watcher forgets it (protected routes then go to /login).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchForEndedSession(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
