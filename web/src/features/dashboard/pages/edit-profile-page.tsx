import { EditProfileForm } from "@/features/dashboard/components/edit-profile-form";
import { ProfileStates } from "@/features/dashboard/components/profile-states";
import { SignedInPage } from "@/features/dashboard/components/signed-in-page";
import { t } from "@/features/dashboard/messages";

/** /dashboard/editprofile: the profile form, prefilled once the current profile has loaded. */
export function EditProfilePage() {
  return (
    <SignedInPage
      title={t("dashboard.editProfile.title")}
      documentTitle={t("dashboard.editProfile.documentTitle")}
      subtitle={t("dashboard.editProfile.required")}
    >
      {({ email }) => (
        <ProfileStates email={email}>
          {(profile) => <EditProfileForm email={email} profile={profile} />}
        </ProfileStates>
      )}
    </SignedInPage>
  );
}
