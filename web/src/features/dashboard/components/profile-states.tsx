import type { Profile } from "@shop/contract/profile";
import type { ReactNode } from "react";

import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useProfile } from "@/features/dashboard/api/get-profile";
import { t } from "@/features/dashboard/messages";

/** The profile of `email` once it has loaded, with a spinner before and the failure instead. */
export function ProfileStates({
  email,
  children,
}: {
  email: string;
  children: (profile: Profile) => ReactNode;
}) {
  const profile = useProfile(email);
  return (
    <QueryStates
      query={profile}
      pending={<Spinner label={t("dashboard.profile.loading")} showLabel className="py-8" />}
      errorTitle={t("dashboard.profile.loadError")}
    >
      {children}
    </QueryStates>
  );
}
