import { NEWSLETTER_CONSENT_TEXT, type NewsletterSource } from "@shop/contract/marketing-constants";
import { useId } from "react";
import { inPageLanguage } from "@/lib/i18n";

/**
 * The newsletter box of a form (registration, checkout): unticked until the shopper ticks it,
 * with the words the server records as the consent.
 */
export function NewsletterOptIn({
  source,
  checked,
  onChange,
}: {
  source: Exclude<NewsletterSource, "footer">;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name="newsletter"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-ink">
        {inPageLanguage(NEWSLETTER_CONSENT_TEXT[source])}
      </label>
    </div>
  );
}
