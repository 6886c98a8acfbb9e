import { zodResolver } from "@hookform/resolvers/zod";
import { signInFormSchema, type SignInForm } from "@shop/contract/auth";
import { useNavigate } from "react-router";

import { Form, FormActions } from "@/components/form";
import { EmailField, PasswordField } from "@/components/text-field";
import { useSignIn } from "@/features/auth/api/sign-in";
import { t } from "@/features/auth/messages";
import { authErrorMessage } from "@/features/auth/utils/auth-error-message";
import { useValidatedForm } from "@/lib/form-fields";

export type LoginFormProps = {
  /** Where a successful sign-in leads: the page first asked for, or home. */
  redirectTo: string;
  /** A message to show above the button before any attempt (e.g. Google sign-in failed). */
  notice?: string | null;
};

/**
 * E-mail and password (SPEC section 5): messages under each field once it was left or the form
 * sent, then as the user types; the server's refusal in red above the button.
 */
export function LoginForm({ redirectTo, notice }: LoginFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { handleSubmit, field } = useValidatedForm<SignInForm, SignInForm>(zodResolver(signInFormSchema), {
    email: "",
    password: "",
  });

  const onSubmit = handleSubmit((credentials) =>
    signIn.mutate(credentials, { onSuccess: () => void navigate(redirectTo, { replace: true }) }),
  );
  const serverMessage = signIn.isError ? authErrorMessage(signIn.error) : signIn.isIdle ? notice : null;

  return (
    <Form label={t("auth.logIn")} onSubmit={onSubmit}>
      <EmailField label={t("auth.email")} {...field("email")} />
      <PasswordField label={t("auth.password")} purpose="current" {...field("password")} />
      <FormActions error={serverMessage} isLoading={signIn.isPending || signIn.isSuccess}>
        {t("auth.logIn")}
      </FormActions>
    </Form>
  );
}
