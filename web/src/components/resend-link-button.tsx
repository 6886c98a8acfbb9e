import { ACCOUNT_MESSAGES } from "@shop/contract/account";
import type { ReactNode } from "react";

import { Button } from "@/components/button";
import { cn } from "@/lib/cn";
import type { useResendVerification } from "@/lib/email-verification";

/**
 * The button that mails a new confirmation link to `email`, replaced by "sent" (read out) once
 * the link is on its way. The caller shows the mutation's error its own way.
 */
export function ResendLinkButton({
  resend,
  email,
  sentClassName,
  children,
}: {
  resend: ReturnType<typeof useResendVerification>;
  email: string;
  /** The "sent" line's text size, when it differs from the text around it. */
  sentClassName?: string;
  /** The button's text. */
  children: ReactNode;
}) {
  if (resend.isSuccess) {
    return (
      <p role="status" className={cn(sentClassName, "font-medium text-emerald-800")}>
        {ACCOUNT_MESSAGES.verificationSent}
      </p>
    );
  }
  return (
    <div>
      <Button size="sm" variant="secondary" isLoading={resend.isPending} onClick={() => resend.mutate(email)}>
        {children}
      </Button>
    </div>
  );
}
