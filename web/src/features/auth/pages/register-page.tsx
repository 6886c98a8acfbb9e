import { lazy } from "react";

import { AfterFirstPaint } from "@/components/after-first-paint";
import { Button } from "@/components/button";
import { paths } from "@/config/paths";
import { AuthCard, AuthFooterLink } from "@/features/auth/components/auth-card";
import { useSignUp } from "@/features/auth/api/sign-up";
import { AuthFormSkeleton } from "@/features/auth/components/auth-form-skeleton";
import { AUTH_TEXTS } from "@/features/auth/config";
import { t } from "@/features/auth/messages";
import { useSession } from "@/lib/session";

/**
 * The form comes in a chunk of its own, as on /login: it brings the form library and zod
 * (40 KB gzip), and the card's heading and text need neither, so they show without waiting for
 * them (LCP). The chunk is asked for once the card has been painted.
 */
const RegisterForm = lazy(() =>
  import("@/features/auth/components/register-form").then((module) => ({ default: module.RegisterForm })),
);

/** /register: a new account with a display name (SPEC sections 2 and 5). */
export function RegisterPage() {
  const { user } = useSession();
  const signUp = useSignUp();

  if (user && signUp.isIdle) {
    return (
      <AuthCard
        title={t("auth.register")}
        subtitle={t("auth.register.signedInAs", { name: user.name || user.email })}
      >
        <p className="text-ink-muted">{t("auth.register.signOutFirst")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button to={paths.dashboard.root.getHref()}>{t("auth.register.toDashboard")}</Button>
          <Button to={paths.home.getHref()} variant="secondary">
            {t("auth.register.continueShopping")}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.register")}
      subtitle={t("auth.register.subtitle")}
      footer={
        <>
          {t("auth.register.haveAccount")}{" "}
          <AuthFooterLink to={paths.login.getHref()}>{t("auth.logIn")}</AuthFooterLink>
        </>
      }
    >
      <AfterFirstPaint placeholder={<AuthFormSkeleton fieldHints={[null, null, AUTH_TEXTS.passwordHint]} />}>
        <RegisterForm signUp={signUp} />
      </AfterFirstPaint>
    </AuthCard>
  );
}
