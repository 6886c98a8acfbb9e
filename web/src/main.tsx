import "@/index.css";
import "@/lib/zod-jitless";

import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "@/app/app";
import { preloadPage } from "@/app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

preloadPage(window.location.pathname);

// The first render as a transition: React renders it in slices that leave the main thread free
// for input in between, instead of one long task.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
