import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, forgotPasswordFormSchema, type ForgotPasswordForm } from "@shop/contract/account";
import type { z } from "zod";

import { Form, FormActions, FormDone } from "@/components/form";
import { EmailField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { AuthCard, AuthFooterLink } from "@/features/auth/components/auth-card";
import { useRequestPasswordReset } from "@/features/auth/api/password-reset";
import { t } from "@/features/auth/messages";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage } from "@/lib/api-client";

const backToLogin = (
  <AuthFooterLink to={paths.login.getHref()}>{t("auth.forgot.backToLogin")}</AuthFooterLink>
);

/**
 * /forgot-password: the address to send a reset link to. The answer is the same whether or not
 * an account uses it, so the page cannot be used to find out who shops here.
 */
export function ForgotPasswordPage() {
  const reset = useRequestPasswordReset();
  const { handleSubmit, field } = useValidatedForm<
    z.input<typeof forgotPasswordFormSchema>,
    ForgotPasswordForm
  >(zodResolver(forgotPasswordFormSchema), { email: "" });
  const onSubmit = handleSubmit(({ email }) => reset.mutate(email));

  return (
    <AuthCard title={t("auth.forgot.title")} subtitle={t("auth.forgot.subtitle")} footer={backToLogin}>
      {reset.isSuccess ? (
        <FormDone>{ACCOUNT_MESSAGES.resetSent}</FormDone>
      ) : (
        <Form label={t("auth.forgot.formLabel")} onSubmit={onSubmit}>
          <EmailField label={t("auth.email")} {...field("email")} />
          <FormActions
            error={reset.isError ? getErrorMessage(reset.error) : null}
            isLoading={reset.isPending}
          >
            {t("auth.forgot.send")}
          </FormActions>
        </Form>
      )}
    </AuthCard>
  );
}
