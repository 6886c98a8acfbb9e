import "react-toastify/ReactToastify.css";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
// The unstyled build does not inject a <style> tag at run time (CSP); the CSS file above does.
import { ToastContainer } from "react-toastify/unstyled";

import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from "@/config/ui";
import { queryClient } from "@/lib/query-client";

/** App-wide providers: the TanStack Query client and the toast container. */
export function AppProviders({ children }: { children: ReactNode }) {
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
