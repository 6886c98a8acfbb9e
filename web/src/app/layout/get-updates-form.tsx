import { NEWSLETTER_CONSENT_TEXT } from "@shop/contract/marketing-constants";
import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { getErrorMessage } from "@/lib/api-client";
import { requestNewsletter } from "@/lib/newsletter";

/**
 * SPEC section 2's 'Get updates' box: asks for news with double opt-in. The server mails a link
 * to confirm and records this form and its words as the consent; nothing else is sent before.
 */
export function GetUpdatesForm() {
  const inputId = useId();
  const hintId = useId();
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setSending(true);
    try {
      setNotice({ text: await requestNewsletter(email, "footer"), failed: false });
      form.reset();
    } catch (error) {
      setNotice({ text: getErrorMessage(error), failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="text-sm font-semibold text-ink">
        Get updates
      </h2>
      <p id={hintId} className="mt-2 text-sm text-ink-muted">
        {NEWSLETTER_CONSENT_TEXT.footer}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          E-mail address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          aria-describedby={hintId}
          className="min-h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-500"
        />
        <Button submit variant="dark" disabled={sending}>
          Subscribe
        </Button>
      </div>
      <p
        role="status"
        className={
          notice?.failed ? "mt-2 min-h-5 text-sm text-red-700" : "mt-2 min-h-5 text-sm text-ink-muted"
        }
      >
        {notice?.text}
      </p>
    </form>
  );
}
