import "@/index.css";
import "@/lib/zod-jitless";
// The shop's currency from the page, before any price is formatted or money form parsed (decision 040).
import "@/lib/shop-currency";

import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "@/app/app";
import { preloadPage } from "@/app/router";
import { FIRST_PAGE_WAIT_MS } from "@/config/ui";
import { loadMessages } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { sessionQueryOptions } from "@/lib/session";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The sign-in state and the first page's code download side by side, before the first render.
void queryClient.prefetchQuery(sessionQueryOptions);
const firstPage = preloadPage(window.location.pathname);
// The page's language's messages (the server preloads their chunk beside the entry's).
const messages = loadMessages();

/**
 * The first render waits for the first page's code (for at most FIRST_PAGE_WAIT_MS): the page
 * is then part of the first paint. Rendered earlier, the shell would show a spinner in its
 * place, and React keeps a spinner up for at least 300 ms once it is shown.
 */
function renderApp(root: HTMLElement) {
  // As a transition: React renders it in slices that leave the main thread free for input in
  // between, instead of one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

const waitedLongEnough = new Promise((resolve) => window.setTimeout(resolve, FIRST_PAGE_WAIT_MS));
// No text can render before its messages: those are waited for whatever the page's code does.
void Promise.all([messages, Promise.race([firstPage, waitedLongEnough])]).then(() => renderApp(container));
