import { createElement } from "react";
import { toast, type ToastOptions } from "react-toastify/unstyled";

/**
 * The four kinds of notification SPEC section 4 names (added, updated, removed, warning) plus
 * errors. Position, auto-close (5 s) and pause-on-hover are set once on the ToastContainer in
 * app/providers.tsx, so every toast behaves the same. Each kind has its own colour, icon and
 * class (`toast-kind-…`, styled in app/toast.css), so they never look alike.
 */
export type ToastKind = "added" | "updated" | "removed" | "warning" | "error";

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
  return toast.success(message, { className: kindClass("added"), ...options });
}

export function notifyUpdated(message: string, options?: ToastOptions) {
  return toast.info(message, { className: kindClass("updated"), ...options });
}

export function notifyRemoved(message: string, options?: ToastOptions) {
  return toast(message, {
    type: "default",
    className: kindClass("removed"),
    icon: createElement(RemovedIcon),
    ...options,
  });
}

export function notifyWarning(message: string, options?: ToastOptions) {
  return toast.warning(message, { className: kindClass("warning"), ...options });
}

/** The same error message is shown once while it is on screen, however often it happens. */
export function notifyError(message: string, options?: ToastOptions) {
  return toast.error(message, { toastId: `error:${message}`, className: kindClass("error"), ...options });
}
