import { flushSync } from "react-dom";
import { useState } from "react";
import { useNavigate } from "react-router";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { useDeleteAccount } from "@/features/dashboard/api/account-security";
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
        notifyRemoved("Your account is deleted.");
      },
      onError: () => setConfirming(false),
    });

  return (
    <form
      noValidate
      aria-label="Delete my account"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (password) setConfirming(true);
      }}
    >
      <p className="text-sm text-ink-muted">
        Your sessions, cart and profile are deleted. Your orders stay in the shop’s books without your name,
        address, phone or e-mail.
      </p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormAlert>{remove.isError ? getErrorMessage(remove.error) : null}</FormAlert>
      <div>
        <Button submit variant="danger" disabled={!password}>
          Delete my account
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete your account for good?"
        confirmLabel="Delete my account"
        isConfirming={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        This cannot be undone.
      </ConfirmDialog>
    </form>
  );
}
