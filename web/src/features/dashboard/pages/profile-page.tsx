import { ProfileCard } from "@/features/dashboard/components/profile-card";
import { ProfileStates } from "@/features/dashboard/components/profile-states";
import { SignInMethodsCard } from "@/features/dashboard/components/sign-in-methods-card";
import { SignedInPage } from "@/features/dashboard/components/signed-in-page";
import { t } from "@/features/dashboard/messages";

/** /dashboard: the profile card (SPEC section 2). */
export function ProfilePage() {
  return (
    <SignedInPage title={t("dashboard.profile.title")} documentTitle={t("dashboard.profile.documentTitle")}>
      {(user) => (
        <ProfileStates email={user.email}>
          {(profile) => (
            <>
              <ProfileCard user={user} profile={profile} />
              <SignInMethodsCard />
            </>
          )}
        </ProfileStates>
      )}
    </SignedInPage>
  );
}
