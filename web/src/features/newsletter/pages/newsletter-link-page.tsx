import type { NewsletterStatus } from "@shop/contract/marketing";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useParams, useSearchParams } from "react-router";

import { NotFoundPage } from "@/app/routes/not-found-page";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { followNewsletterLink, type NewsletterLinkAction } from "@/features/newsletter/api/newsletter";
import { t } from "@/features/newsletter/messages";
import { getErrorMessage } from "@/lib/api-client";

const TITLES: Record<NewsletterLinkAction, { pending: string; done: string }> = {
  confirm: { pending: t("newsletter.link.confirming"), done: t("newsletter.link.subscribed") },
  unsubscribe: { pending: t("newsletter.link.unsubscribing"), done: t("newsletter.link.unsubscribed") },
};

/** What a followed link did, in a sentence. */
function outcomeText({ email, status, list }: NewsletterStatus): string {
  if (status === "confirmed") return t("newsletter.link.confirmedText", { email });
  if (status === "pending") return t("newsletter.link.pendingText");
  return list === "bag-reminders"
    ? t("newsletter.link.noRemindersText", { email })
    : t("newsletter.link.noNewsText", { email });
}

/**
 * The page a newsletter mail's link opens (no sign-in): it confirms the subscription, or
 * unsubscribes, as soon as it opens, and says what happened.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const follow = useMutation({ mutationFn: () => followNewsletterLink(action, token) });
  const started = useRef(false);

  useEffect(() => {
    // Once per page (React's development double effects would post twice).
    if (started.current || !token) return;
    started.current = true;
    follow.mutate();
  }, [follow, token]);

  const status = follow.data?.status;
  const title = !token
    ? t("newsletter.link.incomplete")
    : follow.isError
      ? t("newsletter.link.failed")
      : follow.isSuccess
        ? status === "unsubscribed" && action === "confirm"
          ? t("newsletter.link.leftList")
          : TITLES[action].done
        : TITLES[action].pending;

  return (
    <PageContainer className="max-w-2xl">
      <PageTitle title={title} />
      <div className="mt-6 flex flex-col gap-4 text-ink" aria-live="polite">
        {!token && <FormAlert>{t("newsletter.link.noToken")}</FormAlert>}
        {follow.isPending && <Spinner label={TITLES[action].pending} showLabel />}
        {follow.isError && (
          <>
            <FormAlert>{getErrorMessage(follow.error)}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => follow.mutate()}>
                {t("newsletter.link.tryAgain")}
              </Button>
            </div>
          </>
        )}
        {follow.isSuccess ? <p>{outcomeText(follow.data)}</p> : null}
        <div>
          <Button to={paths.home.getHref()} variant="primary">
            {t("newsletter.link.backToShop")}
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}

/** /newsletter/confirm and /newsletter/unsubscribe; any other /newsletter/… is not a page. */
export function NewsletterLinkRoute() {
  const { action } = useParams();
  if (action !== "confirm" && action !== "unsubscribe") return <NotFoundPage />;
  return <NewsletterLinkPage key={action} action={action} />;
}
