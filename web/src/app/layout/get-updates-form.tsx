import { FOOTER_CONSENT_TEXT } from "@shop/contract/marketing-footer";
import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { getErrorMessage } from "@/lib/api-client";
import { t, inPageLanguage } from "@/lib/i18n";
import { requestNewsletter } from "@/lib/newsletter";

/**
 * SPEC section 2's 'Get updates' box: asks for news with double opt-in. The server mails a link
 * to confirm and records this form and its words as the consent; nothing else is sent before.
 */
export function GetUpdatesForm() {
  const inputId = useId();
  const hintId = useId();
  const [notice, setNotice] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    requestNewsletter(String(new FormData(form).get("email")), "footer").then(
      (message) => {
        setNotice(message);
        form.reset();
      },
      (error: unknown) => setNotice(getErrorMessage(error)),
    );
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="text-sm font-semibold text-ink">
        {t("footer.updates.heading")}
      </h2>
      <p id={hintId} className="mt-2 text-sm text-ink-muted">
        {inPageLanguage(FOOTER_CONSENT_TEXT)}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t("footer.updates.emailLabel")}
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder={t("footer.updates.placeholder")}
          aria-describedby={hintId}
          className="min-h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-500"
        />
        <Button submit variant="dark">
          {t("footer.updates.subscribe")}
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {notice}
      </p>
    </form>
  );
}
