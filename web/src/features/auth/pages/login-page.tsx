import { lazy } from "react";
import { Navigate, useSearchParams } from "react-router";

import { AfterFirstPaint } from "@/components/after-first-paint";
import { paths } from "@/config/paths";
import { AuthCard, AuthFooterLink } from "@/features/auth/components/auth-card";
import { AuthFormSkeleton } from "@/features/auth/components/auth-form-skeleton";
import { t } from "@/features/auth/messages";
import { redirectTargetFrom } from "@/features/auth/utils/redirect-target";
import { useIsSigningIn, useSession } from "@/lib/session";

/**
 * The form comes in a chunk of its own: it brings the form library and zod (40 KB gzip), and the
 * card's heading and text need neither, so they show without waiting for them (LCP). The chunk
 * is asked for once the card has been painted.
 */
const LoginPanel = lazy(() =>
  import("@/features/auth/components/login-panel").then((module) => ({ default: module.LoginPanel })),
);

/** What to tell someone Google sent back here with `?error=` (Better Auth's error code). */
function googleErrorMessage(error: string | null): string | null {
  if (error === null) return null;
  return t(error === "account_not_linked" ? "auth.google.notLinked" : "auth.google.failed");
}

/** /login: e-mail and password, and Google when the shop offers it. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = redirectTargetFrom(searchParams);
  const { user } = useSession();
  const isSigningIn = useIsSigningIn();

  // Already signed in (a bookmarked /login, or back from Google): straight on.
  if (user && !isSigningIn) return <Navigate to={redirectTo} replace />;

  const googleFailed = googleErrorMessage(searchParams.get("error"));

  return (
    <AuthCard
      title={t("auth.logIn")}
      subtitle={t("auth.login.subtitle")}
      footer={
        <>
          <AuthFooterLink to={paths.forgotPassword.getHref()}>
            {t("auth.login.forgotPassword")}
          </AuthFooterLink>
          <br />
          {t("auth.login.newHere")}{" "}
          <AuthFooterLink to={paths.register.getHref()}>{t("auth.register")}</AuthFooterLink>
        </>
      }
    >
      <AfterFirstPaint placeholder={<AuthFormSkeleton fieldHints={[null, null]} />}>
        <LoginPanel redirectTo={redirectTo} notice={googleFailed} />
      </AfterFirstPaint>
    </AuthCard>
  );
}
