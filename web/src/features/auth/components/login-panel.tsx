import { useAuthProviders } from "@/lib/auth-providers";
import { GoogleSignInButton } from "@/features/auth/components/google-sign-in-button";
import { LoginForm, type LoginFormProps } from "@/features/auth/components/login-form";
import { t } from "@/features/auth/messages";

/** The login card's inside: the e-mail form, and Google when the shop offers it. */
export function LoginPanel({ redirectTo, notice }: LoginFormProps) {
  const providers = useAuthProviders();
  return (
    <>
      <LoginForm redirectTo={redirectTo} notice={notice} />
      {providers.data?.google ? (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {t("auth.or")}
            <span className="h-px flex-1 bg-line" />
          </div>
          <GoogleSignInButton redirectTo={redirectTo} />
        </>
      ) : null}
    </>
  );
}
