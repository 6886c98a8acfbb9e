import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, resetPasswordFormSchema, type ResetPasswordForm } from "@shop/contract/account";
import { useNavigate, useSearchParams } from "react-router";

import { Form, FormActions } from "@/components/form";
import { FormAlert } from "@/components/form-alert";
import { NewPasswordFields } from "@/components/new-password-fields";
import { paths } from "@/config/paths";
import { useResetPassword } from "@/features/auth/api/password-reset";
import { AuthCard, AuthFooterLink } from "@/features/auth/components/auth-card";
import { t } from "@/features/auth/messages";
import { authErrorMessage } from "@/features/auth/utils/auth-error-message";
import { useValidatedForm } from "@/lib/form-fields";
import { isApiError } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

/** Better Auth's answer to a spent, expired or made-up token. */
const isSpentLink = (error: unknown) =>
  isApiError(error) && error.status === 400 && /token/i.test(error.message);

/**
 * /reset-password?token=…&email=…, opened from the reset mail: a new password (the sign-up
 * rules), then the shopper is signed in here; every other session of the account has ended.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useValidatedForm<ResetPasswordForm, ResetPasswordForm>(zodResolver(resetPasswordFormSchema), {
    newPassword: "",
    confirmPassword: "",
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (!token) return;
    reset.mutate(
      { token, newPassword, email: params.get("email") },
      {
        onSuccess: (user) => {
          notifyUpdated(t("auth.reset.done"));
          void navigate(user ? paths.dashboard.root.getHref() : paths.login.getHref(), { replace: true });
        },
      },
    );
  });

  const spent = !token || (reset.isError && isSpentLink(reset.error));
  const footer = (
    <AuthFooterLink to={paths.forgotPassword.getHref()}>{t("auth.reset.askNewLink")}</AuthFooterLink>
  );

  return (
    <AuthCard title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")} footer={footer}>
      {spent ? (
        <FormAlert>{ACCOUNT_MESSAGES.resetLinkInvalid}</FormAlert>
      ) : (
        <Form label={t("auth.reset.title")} onSubmit={onSubmit}>
          <NewPasswordFields register={register} errors={errors} />
          <FormActions
            error={reset.isError ? authErrorMessage(reset.error) : null}
            isLoading={reset.isPending || reset.isSuccess}
          >
            {t("auth.reset.submit")}
          </FormActions>
        </Form>
      )}
    </AuthCard>
  );
}
