import type { ReactNode } from "react";

import { DeskPageTitle } from "@/components/page-title";
import { useSession, type SessionUser } from "@/lib/session";

type SignedInPageProps = {
  title: string;
  documentTitle: string;
  subtitle?: ReactNode;
  /** The page's content, drawn once the session names its user. */
  children: (user: SessionUser) => ReactNode;
};

/** A page of one's own account: its title, then what it shows of the signed-in user. */
export function SignedInPage({ title, documentTitle, subtitle, children }: SignedInPageProps) {
  const { user } = useSession();
  return (
    <>
      <DeskPageTitle title={title} documentTitle={documentTitle} subtitle={subtitle} />
      {user ? children(user) : null}
    </>
  );
}
