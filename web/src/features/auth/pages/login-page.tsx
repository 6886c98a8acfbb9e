import { Link, Navigate, useSearchParams } from "react-router";

import { paths } from "@/config/paths";
import { useAuthProviders } from "@/features/auth/api/get-auth-providers";
import { AuthCard } from "@/features/auth/components/auth-card";
import { GoogleSignInButton } from "@/features/auth/components/google-sign-in-button";
import { LoginForm } from "@/features/auth/components/login-form";
import { AUTH_TEXTS } from "@/features/auth/config";
import { redirectTargetFrom } from "@/features/auth/utils/redirect-target";
import { useIsSigningIn, useSession } from "@/lib/session";

/** /login: e-mail and password, and Google when the shop offers it. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = redirectTargetFrom(searchParams);
  const { user } = useSession();
  const isSigningIn = useIsSigningIn();
  const providers = useAuthProviders();

  // Already signed in (a bookmarked /login, or back from Google): straight on.
  if (user && !isSigningIn) return <Navigate to={redirectTo} replace />;

  const googleFailed = searchParams.has("error") ? AUTH_TEXTS.googleFailed : null;

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back! Log in to shop, see your cart and your dashboard."
      footer={
        <>
          New here?{" "}
          <Link
            to={paths.register.getHref()}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Register
          </Link>
        </>
      }
    >
      <LoginForm redirectTo={redirectTo} notice={googleFailed} />
      {providers.data?.google ? (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>
          <GoogleSignInButton redirectTo={redirectTo} />
        </>
      ) : null}
    </AuthCard>
  );
}
