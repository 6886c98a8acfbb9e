import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { EmailField } from "@/components/text-field";
import { t } from "@/features/product/messages";
import { api, getErrorMessage } from "@/lib/api-client";
import { useSession } from "@/lib/session";

/**
 * "Notify me" under a sold-out size or colour: one mail when it has stock again (POST
 * /api/stock-alerts). Signed in, the account's address; signed out (a public catalogue), the
 * address typed here.
 */
export function NotifyMe({ variantId }: { variantId: string }) {
  const { user } = useSession();
  const [email, setEmail] = useState("");
  const headingId = useId();
  const ask = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>("/stock-alerts", user ? { variantId } : { variantId, email }),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ask.mutate();
  };

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-line bg-brand-50 p-4">
      <h2 id={headingId} className="text-sm font-semibold text-ink">
        {t("product.notify.heading")}
      </h2>
      {ask.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-ink">
          {ask.data.message}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-ink-muted">{t("product.notify.text")}</p>
          {user ? null : (
            <EmailField
              label={t("product.notify.email")}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
          {ask.isError ? <FormAlert>{getErrorMessage(ask.error)}</FormAlert> : null}
          <div>
            <Button submit variant="dark" isLoading={ask.isPending}>
              {t("product.notify.submit")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
