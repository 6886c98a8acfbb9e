import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useProfile } from "@/features/dashboard/api/get-profile";
import { ProfileCard } from "@/features/dashboard/components/profile-card";
import { SignInMethodsCard } from "@/features/dashboard/components/sign-in-methods-card";
import { t } from "@/features/dashboard/messages";
import { useSession, type SessionUser } from "@/lib/session";

/** /dashboard: the profile card (SPEC section 2). */
export function ProfilePage() {
  const { user } = useSession();
  return (
    <>
      <DeskPageTitle
        title={t("dashboard.profile.title")}
        documentTitle={t("dashboard.profile.documentTitle")}
      />
      {user ? <ProfileDetails user={user} /> : null}
    </>
  );
}

function ProfileDetails({ user }: { user: SessionUser }) {
  const profile = useProfile(user.email);
  return (
    <QueryStates
      query={profile}
      pending={<Spinner label={t("dashboard.profile.loading")} showLabel className="py-8" />}
      errorTitle={t("dashboard.profile.loadError")}
    >
      {(data) => (
        <>
          <ProfileCard user={user} profile={data} />
          <SignInMethodsCard />
        </>
      )}
    </QueryStates>
  );
}
