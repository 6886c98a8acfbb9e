import type { Profile } from "@shop/contract/profile";

import { EmailAddress } from "@/components/email-address";
import { Avatar } from "@/components/avatar";
import { Button } from "@/components/button";
import { PencilIcon } from "@/components/page-icons";
import { dashboardPaths } from "@/config/dashboard-paths";
import { EmailVerificationStatus } from "@/features/dashboard/components/email-verification-status";
import { t } from "@/features/dashboard/messages";
import type { SessionUser } from "@/lib/session";

/** The dashboard's index (SPEC section 2): who the user is, and their profile details. */
export function ProfileCard({ user, profile }: { user: SessionUser; profile: Profile }) {
  const displayName = user.name || user.email;
  const details = [
    { term: t("dashboard.profile.qualification"), value: profile.qualification },
    { term: t("dashboard.profile.city"), value: profile.city },
    { term: t("dashboard.profile.phone"), value: profile.phone },
  ];

  return (
    <article
      aria-label={t("dashboard.profile.label")}
      className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
    >
      <div className="flex flex-col items-center gap-4 bg-brand-50 px-6 py-8 text-center sm:flex-row sm:text-left">
        <Avatar image={user.image} label={displayName} size="2xl" />
        <div className="min-w-0">
          <h3 className="text-2xl font-bold break-words text-ink">{displayName}</h3>
          <p className="mt-1 break-words text-ink-muted">
            <EmailAddress email={user.email} />
          </p>
        </div>
      </div>
      <dl className="divide-y divide-line px-6">
        <div className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="text-sm font-semibold text-ink-muted">{t("dashboard.account.email")}</dt>
          <dd>
            <EmailVerificationStatus user={user} />
          </dd>
        </div>
        {details.map(({ term, value }) => (
          <div key={term} className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
            <dd className={value ? "break-words text-ink" : "text-ink-muted italic"}>
              {value || t("dashboard.profile.notSet")}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-3 border-t border-line px-6 py-4">
        <Button to={dashboardPaths.editProfile.getHref()} icon={<PencilIcon className="size-4" />}>
          {t("dashboard.profile.edit")}
        </Button>
        <Button to={dashboardPaths.account.getHref()} variant="secondary">
          {t("dashboard.account.title")}
        </Button>
      </div>
    </article>
  );
}
