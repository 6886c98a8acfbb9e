import { toast, type ToastOptions } from "react-toastify/unstyled";

/**
 * The four kinds of notification SPEC section 4 names (added, updated, removed, warning) plus
 * errors. Position, auto-close (5 s) and pause-on-hover are set once on the ToastContainer in
 * app/providers.tsx, so every toast behaves the same.
 */

export function notifyAdded(message: string, options?: ToastOptions) {
  return toast.success(message, options);
}

export function notifyUpdated(message: string, options?: ToastOptions) {
  return toast.success(message, options);
}

export function notifyRemoved(message: string, options?: ToastOptions) {
  return toast.info(message, options);
}

export function notifyWarning(message: string, options?: ToastOptions) {
  return toast.warning(message, options);
}

/** The same error message is shown once while it is on screen, however often it happens. */
export function notifyError(message: string, options?: ToastOptions) {
  return toast.error(message, { toastId: `error:${message}`, ...options });
}
