import { FormAlert } from "@/components/form-alert";
import { ResendLinkButton } from "@/components/resend-link-button";
import { paths } from "@/config/paths";
import { t } from "@/features/dashboard/messages";
import { getErrorMessage } from "@/lib/api-client";
import { useResendVerification } from "@/lib/email-verification";
import type { SessionUser } from "@/lib/session";

/** Whether the address is confirmed; if not, why it matters and a button for a new link. */
export function EmailVerificationStatus({ user }: { user: SessionUser }) {
  const resend = useResendVerification(paths.dashboard.root.getHref());
  if (user.emailVerified) {
    return (
      <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">
        {t("dashboard.verification.verified")}
      </span>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p>
        <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
          {t("dashboard.verification.notVerified")}
        </span>{" "}
        <span className="text-sm text-ink-muted">{t("dashboard.verification.hint")}</span>
      </p>
      <ResendLinkButton resend={resend} email={user.email} sentClassName="text-sm">
        {t("dashboard.verification.resend")}
      </ResendLinkButton>
      <FormAlert>{resend.isError ? getErrorMessage(resend.error) : null}</FormAlert>
    </div>
  );
}
