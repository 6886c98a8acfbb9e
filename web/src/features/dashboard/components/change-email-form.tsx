import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_MESSAGES,
  changeEmailFormSchema,
  type ChangeEmailForm as Values,
} from "@shop/contract/account";
import type { z } from "zod";

import { Form, FormActions, FormDone } from "@/components/form";
import { EmailField } from "@/components/text-field";
import { useChangeEmail } from "@/features/dashboard/api/account-security";
import { t } from "@/features/dashboard/messages";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage } from "@/lib/api-client";

/** A new address; it replaces the current one only once its owner opens the link we mail it. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const { handleSubmit, setError, field } = useValidatedForm<z.input<typeof changeEmailFormSchema>, Values>(
    zodResolver(changeEmailFormSchema),
    { newEmail: "" },
  );
  const onSubmit = handleSubmit(({ newEmail }) => {
    if (newEmail === currentEmail.toLowerCase()) {
      setError("newEmail", { message: ACCOUNT_MESSAGES.sameEmail });
      return;
    }
    change.mutate(newEmail);
  });
  if (change.isSuccess) {
    return <FormDone>{ACCOUNT_MESSAGES.emailChangeSent}</FormDone>;
  }
  return (
    <Form label={t("dashboard.changeEmail.label")} onSubmit={onSubmit} placement="panel">
      <EmailField label={t("dashboard.changeEmail.newEmail")} {...field("newEmail")} />
      <FormActions
        error={change.isError ? getErrorMessage(change.error) : null}
        isLoading={change.isPending}
        placement="panel"
      >
        {t("dashboard.changeEmail.submit")}
      </FormActions>
    </Form>
  );
}
