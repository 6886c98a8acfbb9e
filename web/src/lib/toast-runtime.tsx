import "react-toastify/ReactToastify.css";
import "@/lib/toast.css";

// The unstyled build does not inject a <style> tag at run time (CSP); the CSS files above do.
import { ToastContainer, type ToastContentProps } from "react-toastify/unstyled";
import { Link } from "react-router";

import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from "@/config/ui";

/**
 * react-toastify and the toast styles: a chunk of their own, downloaded when the first toast is
 * shown (lib/toast.ts), so that no page pays for them up front.
 */
export { toast } from "react-toastify/unstyled";

/** The one place toasts appear: position, auto-close (5 s) and pausing are set here for all. */
export function ToastViewport() {
  return (
    <ToastContainer
      position={TOAST_POSITION}
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      newestOnTop
      theme="light"
    />
  );
}

/** A link a toast offers as the way forward, e.g. "Log in" to /login?redirectTo=… */
export type ToastAction = { label: string; to: string };

/**
 * A toast's message with its action after it. The link is a router link (the container sits
 * inside the router), and following it closes the toast.
 */
export function ToastWithAction({
  message,
  action,
  closeToast,
}: { message: string; action: ToastAction } & Pick<ToastContentProps, "closeToast">) {
  return (
    <span className="toast-with-action">
      <span>{message}</span>
      <Link to={action.to} onClick={() => closeToast()} className="toast-action">
        {action.label}
      </Link>
    </span>
  );
}
