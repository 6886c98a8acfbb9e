import { GOOGLE_PROVIDER_ID } from "@shop/contract/auth";
import { useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { Spinner } from "@/components/spinner";
import { useAuthProviders } from "@/lib/auth-providers";
import { useLinkedAccounts, useLinkGoogle, useUnlinkAccount } from "@/features/dashboard/api/sign-in-methods";
import { t } from "@/features/dashboard/messages";
import { getErrorMessage } from "@/lib/api-client";

/** Stands in for the link's state while "Google: {status}" is split around it. */
const STATUS_MARK = "\u0000";

/**
 * The ways into the account (issue 15): link Google to a password account, or unlink it while a
 * password remains. Shown only when the shop offers Google.
 */
export function SignInMethodsCard() {
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return <SignInMethods />;
}

function SignInMethods() {
  const [searchParams] = useSearchParams();
  const accounts = useLinkedAccounts();
  const link = useLinkGoogle();
  const unlink = useUnlinkAccount();

  const google = accounts.data?.find((account) => account.providerId === GOOGLE_PROVIDER_ID);
  const hasPassword = accounts.data?.some((account) => account.providerId === "credential") ?? false;
  const failure = link.isError
    ? getErrorMessage(link.error)
    : unlink.isError
      ? getErrorMessage(unlink.error)
      : accounts.isError
        ? getErrorMessage(accounts.error)
        : searchParams.has("error")
          ? t("dashboard.google.refused")
          : null;

  const [beforeStatus = "", afterStatus = ""] = t("dashboard.google.status", { status: STATUS_MARK }).split(
    STATUS_MARK,
  );

  return (
    <section
      aria-labelledby="sign-in-methods-heading"
      className="mt-6 rounded-2xl border border-line bg-white px-6 py-5 shadow-sm"
    >
      <h3 id="sign-in-methods-heading" className="text-lg font-bold text-ink">
        {t("dashboard.google.heading")}
      </h3>
      {accounts.isPending ? (
        <Spinner label={t("dashboard.google.loading")} showLabel className="py-4" />
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink">
            {beforeStatus}
            <span className="font-semibold">
              {t(google ? "dashboard.google.linked" : "dashboard.google.notLinked")}
            </span>
            {afterStatus}
            {google && !hasPassword ? (
              <span className="block text-sm text-ink-muted">{t("dashboard.google.onlyWayIn")}</span>
            ) : null}
          </p>
          {google ? (
            hasPassword ? (
              <Button
                variant="secondary"
                size="sm"
                isLoading={unlink.isPending}
                onClick={() => unlink.mutate(google.id)}
              >
                {t("dashboard.google.unlink")}
              </Button>
            ) : null
          ) : (
            <Button size="sm" isLoading={link.isPending || link.isSuccess} onClick={() => link.mutate()}>
              {t("dashboard.google.link")}
            </Button>
          )}
        </div>
      )}
      <FormAlert className="mt-3">{failure}</FormAlert>
    </section>
  );
}
