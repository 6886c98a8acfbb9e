import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useProfile } from "@/features/dashboard/api/get-profile";
import { EditProfileForm } from "@/features/dashboard/components/edit-profile-form";
import { useSession } from "@/lib/session";

/** /dashboard/editprofile: the profile form, prefilled once the current profile has loaded. */
export function EditProfilePage() {
  const { user } = useSession();
  return (
    <>
      <PageTitle
        title="Edit Profile"
        level={2}
        documentTitle="Edit Profile · Dashboard"
        subtitle="Fields marked * are required."
        className="mb-6"
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
      pending={<Spinner label="Loading your profile…" showLabel className="py-8" />}
      errorTitle="We couldn’t load your profile"
    >
      {(data) => <EditProfileForm email={email} profile={data} />}
    </QueryStates>
  );
}
