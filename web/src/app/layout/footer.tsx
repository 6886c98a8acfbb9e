import { Link } from "react-router";

import { GetUpdatesForm } from "@/app/layout/get-updates-form";
import { helpNavItems, shopNavItems, type NavItem } from "@/app/layout/nav-items";
import { APP_NAME, COPYRIGHT_YEAR } from "@/config/app";
import { t, type MessageKey } from "@/lib/i18n";

/** The footer on every page (SPEC section 2): links, the 'Get updates' box and the copyright. */
export function Footer() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_0.8fr_0.8fr_1.6fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-bold tracking-tight text-ink">{APP_NAME}</p>
          <p className="mt-2 max-w-xs text-sm text-ink-muted">{t("footer.tagline")}</p>
        </div>
        <FooterLinks headingKey="footer.shop" items={shopNavItems} />
        <FooterLinks headingKey="footer.explore" items={helpNavItems} />
        <div className="col-span-2 lg:col-span-1">
          <GetUpdatesForm />
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-ink-muted sm:px-6 lg:px-8">
          {t("footer.copyright", { year: COPYRIGHT_YEAR, shop: APP_NAME })}
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({ headingKey, items }: { headingKey: MessageKey; items: readonly NavItem[] }) {
  return (
    <nav aria-label={t(headingKey)}>
      <h2 className="text-sm font-semibold text-ink">{t(headingKey)}</h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="rounded text-sm text-ink-muted underline-offset-4 hover:text-brand-700 hover:underline"
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
