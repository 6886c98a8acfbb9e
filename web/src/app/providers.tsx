import "react-toastify/ReactToastify.css";
import "@/app/toast.css";

import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
// The unstyled build does not inject a <style> tag at run time (CSP); the CSS file above does.
import { ToastContainer } from "react-toastify/unstyled";

import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from "@/config/ui";
import { queryClient } from "@/lib/query-client";
import { watchForEndedSession } from "@/lib/session";

/**
 * App-wide providers: the TanStack Query client and the toast container. An API 401 anywhere
 * means the session ended: one watcher forgets it (protected routes then go to /login).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchForEndedSession(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick={false}
        newestOnTop
        theme="light"
      />
    </QueryClientProvider>
  );
}
