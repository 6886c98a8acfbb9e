import { createElement, useSyncExternalStore } from "react";
import type { ToastOptions } from "react-toastify/unstyled";

import type * as ToastRuntimeModule from "@/lib/toast-runtime";
import type { ToastAction } from "@/lib/toast-runtime";

/**
 * The four kinds of notification SPEC section 4 names (added, updated, removed, warning) plus
 * errors. Position, auto-close (5 s) and pause-on-hover are set once on the container
 * (lib/toast-runtime.tsx), so every toast behaves the same. Each kind has its own colour, icon
 * and class (`toast-kind-…`, styled in lib/toast.css), so they never look alike.
 *
 * react-toastify and its styles download with the first toast, not with the page: <Toaster />
 * renders nothing until then. A toast asked for before its container is on screen waits in
 * react-toastify's queue and shows as soon as the container mounts.
 */
export type ToastKind = "added" | "updated" | "removed" | "warning" | "error";

type ToastRuntime = typeof ToastRuntimeModule;
type Toast = ToastRuntime["toast"];
export type { ToastAction } from "@/lib/toast-runtime";

let loading: Promise<ToastRuntime> | undefined;
let loaded: ToastRuntime | undefined;
const listeners = new Set<() => void>();

function loadToastRuntime(): Promise<ToastRuntime> {
  loading ??= import("@/lib/toast-runtime").then(
    (runtime) => {
      loaded = runtime;
      for (const listener of listeners) listener();
      return runtime;
    },
    (error: unknown) => {
      // The next toast tries the download again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast container, once the first toast has downloaded it; nothing before. */
export function Toaster() {
  const runtime = useSyncExternalStore(subscribe, () => loaded);
  return runtime ? createElement(runtime.ToastViewport) : null;
}

/**
 * Shows a toast once react-toastify is there. Returns at once: callers (mutation callbacks
 * among them) never wait for the download.
 */
function show(display: (toast: Toast, runtime: ToastRuntime) => void): void {
  loadToastRuntime().then(
    (runtime) => display(runtime.toast, runtime),
    // A notification is never worth an unhandled rejection (e.g. offline before the first one).
    (error: unknown) => console.warn("The notification could not be shown", error),
  );
}

const kindClass = (kind: ToastKind) => `toast-kind-${kind}`;

/** A bin, for "removed" (react-toastify has no icon of its own for the default type). */
function RemovedIcon() {
  return createElement(
    "svg",
    {
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 2,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      "aria-hidden": true,
      focusable: false,
      width: 20,
      height: 20,
    },
    createElement("path", {
      d: "M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3",
    }),
  );
}

export function notifyAdded(message: string, options?: ToastOptions) {
  show((toast) => toast.success(message, { className: kindClass("added"), ...options }));
}

export function notifyUpdated(message: string, options?: ToastOptions) {
  show((toast) => toast.info(message, { className: kindClass("updated"), ...options }));
}

export function notifyRemoved(message: string, options?: ToastOptions) {
  show((toast) =>
    toast(message, {
      type: "default",
      className: kindClass("removed"),
      icon: createElement(RemovedIcon),
      ...options,
    }),
  );
}

export function notifyWarning(message: string, options?: ToastOptions) {
  show((toast) => toast.warning(message, { className: kindClass("warning"), ...options }));
}

/**
 * The same error message is shown once while it is on screen, however often it happens. An
 * `action` is a link after the message that leads on (e.g. "Log in"); such a toast stays until
 * it is followed or closed, since five seconds is too short to read, find and reach a link
 * (WCAG 2.2.1), and a link that slides away under the finger is worse than none.
 */
export function notifyError(
  message: string,
  { action, ...options }: ToastOptions & { action?: ToastAction | undefined } = {},
) {
  show((toast, { ToastWithAction }) =>
    toast.error(
      action ? ({ closeToast }) => createElement(ToastWithAction, { message, action, closeToast }) : message,
      {
        toastId: `error:${message}`,
        className: kindClass("error"),
        ...(action ? { autoClose: false } : {}),
        ...options,
      },
    ),
  );
}
