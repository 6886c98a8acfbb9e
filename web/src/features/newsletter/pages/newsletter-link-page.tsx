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
import { getErrorMessage } from "@/lib/api-client";

const TITLES: Record<NewsletterLinkAction, { pending: string; done: string }> = {
  confirm: { pending: "Confirming your subscription…", done: "You are subscribed" },
  unsubscribe: { pending: "Unsubscribing…", done: "You are unsubscribed" },
};

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
    ? "This link is incomplete"
    : follow.isError
      ? "This link did not work"
      : follow.isSuccess
        ? status === "unsubscribed" && action === "confirm"
          ? "This address left the list"
          : TITLES[action].done
        : TITLES[action].pending;

  return (
    <PageContainer className="max-w-2xl">
      <PageTitle title={title} />
      <div className="mt-6 flex flex-col gap-4 text-ink" aria-live="polite">
        {!token && <FormAlert>The link has no token. Open it again from the mail, whole.</FormAlert>}
        {follow.isPending && <Spinner label={TITLES[action].pending} showLabel />}
        {follow.isError && (
          <>
            <FormAlert>{getErrorMessage(follow.error)}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => follow.mutate()}>
                Try again
              </Button>
            </div>
          </>
        )}
        {follow.isSuccess && status === "confirmed" && (
          <p>
            {follow.data.email} will get our new arrivals and offers. Every mail has a link to unsubscribe in
            one click.
          </p>
        )}
        {follow.isSuccess && status === "unsubscribed" && follow.data.list === "bag-reminders" && (
          <p>
            {follow.data.email} gets no more reminders of a bag left alone, from now on. Changed your mind?
            Tick the box under Dashboard → Account &amp; security → Reminders.
          </p>
        )}
        {follow.isSuccess && status === "unsubscribed" && follow.data.list !== "bag-reminders" && (
          <p>
            {follow.data.email} gets no more news from us, from now on. Changed your mind? Use “Get updates”
            at the foot of any page.
          </p>
        )}
        {follow.isSuccess && status === "pending" && (
          <p>This subscription still waits for its confirmation: open the link in the confirmation mail.</p>
        )}
        <div>
          <Button to={paths.home.getHref()} variant="primary">
            Back to the shop
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
