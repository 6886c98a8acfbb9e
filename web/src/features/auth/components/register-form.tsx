import { zodResolver } from "@hookform/resolvers/zod";
import { registerFormSchema, type RegisterForm as RegisterValues } from "@shop/contract/auth";
import type { z } from "zod";
import { useState } from "react";
import { useNavigate } from "react-router";

import { Form, FormActions } from "@/components/form";
import { NewsletterOptIn } from "@/components/newsletter-opt-in";
import { EmailField, PasswordField, TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import type { useSignUp } from "@/features/auth/api/sign-up";
import { AUTH_TEXTS } from "@/features/auth/config";
import { t } from "@/features/auth/messages";
import { authErrorMessage } from "@/features/auth/utils/auth-error-message";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage } from "@/lib/api-client";
import { requestNewsletter } from "@/lib/newsletter";
import { notifyError, notifyUpdated } from "@/lib/toast";

/**
 * Name, e-mail and password (SPEC section 5). On success the account is signed in, its token
 * stored, 'Your Profile is Updated' shown and the shopper taken home (SPEC sections 4 and 7).
 * The page owns the `signUp` mutation: it must not mistake the new account for a visit by a
 * user who was signed in already.
 */
export function RegisterForm({ signUp }: { signUp: ReturnType<typeof useSignUp> }) {
  const navigate = useNavigate();
  const [wantsNews, setWantsNews] = useState(false);
  const { handleSubmit, field } = useValidatedForm<z.input<typeof registerFormSchema>, RegisterValues>(
    zodResolver(registerFormSchema),
    { name: "", email: "", password: "" },
  );

  const onSubmit = handleSubmit((account) =>
    signUp.mutate(account, {
      onSuccess: () => {
        notifyUpdated(t("auth.registered"));
        // The account exists whatever the newsletter answers; a refusal is only shown.
        if (wantsNews)
          requestNewsletter(account.email, "registration").then(notifyUpdated, (error: unknown) =>
            notifyError(getErrorMessage(error)),
          );
        void navigate(paths.home.getHref(), { replace: true });
      },
    }),
  );

  return (
    <Form label={t("auth.register")} onSubmit={onSubmit}>
      <TextField label={t("auth.name")} autoComplete="name" required {...field("name")} />
      <EmailField label={t("auth.email")} {...field("email")} />
      <PasswordField
        label={t("auth.password")}
        purpose="new"
        hint={AUTH_TEXTS.passwordHint}
        {...field("password")}
      />
      <NewsletterOptIn source="registration" checked={wantsNews} onChange={setWantsNews} />
      <FormActions
        error={signUp.isError ? authErrorMessage(signUp.error) : null}
        isLoading={signUp.isPending || signUp.isSuccess}
      >
        {t("auth.register")}
      </FormActions>
    </Form>
  );
}
