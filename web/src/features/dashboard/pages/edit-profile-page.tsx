import { PageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
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
  if (profile.isPending) return <Spinner label="Loading your profile…" showLabel className="py-8" />;
  if (profile.isError) {
    return (
      <QueryError
        title="We couldn’t load your profile"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }
  return <EditProfileForm email={email} profile={profile.data} />;
}
