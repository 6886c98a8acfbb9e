import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordFormSchema, type ChangePasswordForm as Values } from "@shop/contract/account";

import { Form, FormActions } from "@/components/form";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PasswordField } from "@/components/text-field";
import { useChangePassword } from "@/features/dashboard/api/account-security";
import { t } from "@/features/dashboard/messages";
import { useValidatedForm } from "@/lib/form-fields";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { notifyUpdated } from "@/lib/toast";

/** The current password, then the new one twice; every other device is signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
    field,
  } = useValidatedForm<Values, Values>(zodResolver(changePasswordFormSchema), {
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          notifyUpdated(t("dashboard.changePassword.done"));
        },
      },
    ),
  );
  return (
    <Form label={t("dashboard.changePassword.label")} onSubmit={onSubmit} placement="panel">
      <PasswordField
        label={t("dashboard.changePassword.current")}
        purpose="current"
        {...field("currentPassword")}
      />
      <NewPasswordFields register={register} errors={errors} />
      <FormActions
        error={change.isError ? errorMessageWithFields(change.error) : null}
        isLoading={change.isPending}
        placement="panel"
      >
        {t("dashboard.changePassword.label")}
      </FormActions>
    </Form>
  );
}
