import type { ReactNode } from "react";

import { AlertCircleIcon } from "@/components/page-icons";
import { cn } from "@/lib/cn";

/**
 * A form's message from the server (wrong password, e-mail taken …), in red above the submit
 * button (SPEC section 8). role="alert" has it read out as soon as it appears.
 */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800",
        className,
      )}
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
