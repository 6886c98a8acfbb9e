import { Navigate, Outlet, useLocation } from "react-router";

import { PageContainer } from "@/components/page-container";
import { QueryError } from "@/components/query-error";
import { PageSpinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/session";
import { t } from "@/lib/i18n";

/**
 * A layout route around every page SPEC reserves for signed-in users. While the sign-in state
 * loads a spinner shows and the page waits; without a user it sends the shopper to
 * /login?redirectTo=<this page>, where signing in brings them back.
 */
export function ProtectedRoute() {
  const { user, isPending, error, retry } = useSession();
  const location = useLocation();

  if (isPending) return <PageSpinner label={t("components.checkingSignIn")} />;
  if (error) {
    return (
      <PageContainer>
        <QueryError title={t("components.signInUnknown")} error={error} onRetry={retry} />
      </PageContainer>
    );
  }
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref(here)} replace />;
  }
  return <Outlet />;
}
