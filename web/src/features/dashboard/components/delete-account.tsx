import { flushSync } from "react-dom";
import { useState } from "react";
import { useNavigate } from "react-router";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { useDeleteAccount } from "@/features/dashboard/api/account-security";
import { t } from "@/features/dashboard/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyRemoved } from "@/lib/toast";

/** Deleting the account: the password, then a confirmation; the shopper lands on the home page. */
export function DeleteAccount() {
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(password, {
      onSuccess: ({ forget }) => {
        // Leave the protected page before the session is forgotten, so no /login redirect shows.
        flushSync(() => void navigate(paths.home.getHref(), { replace: true }));
        forget();
        notifyRemoved(t("dashboard.delete.done"));
      },
      onError: () => setConfirming(false),
    });

  return (
    <form
      noValidate
      aria-label={t("dashboard.account.delete")}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (password) setConfirming(true);
      }}
    >
      <p className="text-sm text-ink-muted">{t("dashboard.delete.explain")}</p>
      <TextField
        label={t("dashboard.account.password")}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormAlert>{remove.isError ? getErrorMessage(remove.error) : null}</FormAlert>
      <div>
        <Button submit variant="danger" disabled={!password}>
          {t("dashboard.account.delete")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("dashboard.delete.confirmTitle")}
        confirmLabel={t("dashboard.account.delete")}
        cancelLabel={t("dashboard.cancel")}
        isConfirming={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        {t("dashboard.delete.confirmBody")}
      </ConfirmDialog>
    </form>
  );
}
