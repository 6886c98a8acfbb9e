import { ResendLinkButton } from "@/components/resend-link-button";
import { paths } from "@/config/paths";
import { t } from "@/features/checkout/messages";
import { getErrorMessage } from "@/lib/api-client";
import { useResendVerification } from "@/lib/email-verification";

/**
 * Beside a Pay that cannot be pressed: why (the address is not confirmed) and a new link, which
 * brings the shopper back to this checkout. The page notices the confirmation by itself.
 */
export function UnconfirmedAddress({ email }: { email: string }) {
  const resend = useResendVerification(paths.checkout.getHref());
  return (
    <div className="flex flex-col gap-2">
      <p>{t("checkout.payNeedsConfirmedAddress", { email })}</p>
      <ResendLinkButton resend={resend} email={email}>
        {t("checkout.sendLinkAgain")}
      </ResendLinkButton>
      {resend.isError ? (
        <p role="alert" className="font-medium text-red-700">
          {getErrorMessage(resend.error)}
        </p>
      ) : null}
    </div>
  );
}
