import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useProfile } from "@/features/dashboard/api/get-profile";
import { EditProfileForm } from "@/features/dashboard/components/edit-profile-form";
import { t } from "@/features/dashboard/messages";
import { useSession } from "@/lib/session";

/** /dashboard/editprofile: the profile form, prefilled once the current profile has loaded. */
export function EditProfilePage() {
  const { user } = useSession();
  return (
    <>
      <DeskPageTitle
        title={t("dashboard.editProfile.title")}
        documentTitle={t("dashboard.editProfile.documentTitle")}
        subtitle={t("dashboard.editProfile.required")}
      />
      {user ? <EditProfile email={user.email} /> : null}
    </>
  );
}

function EditProfile({ email }: { email: string }) {
  const profile = useProfile(email);
  return (
    <QueryStates
      query={profile}
      pending={<Spinner label={t("dashboard.profile.loading")} showLabel className="py-8" />}
      errorTitle={t("dashboard.profile.loadError")}
    >
      {(data) => <EditProfileForm email={email} profile={data} />}
    </QueryStates>
  );
}
