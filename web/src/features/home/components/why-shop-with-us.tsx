import { useId, type ReactNode } from "react";
import { t, type MessageKey } from "@/lib/i18n";

/** The home page's extra section (SPEC leaves its content open): the shop's promises. */
const perks: ReadonlyArray<{ title: MessageKey; text: MessageKey; icon: ReactNode }> = [
  {
    title: "home.perks.returnsTitle",
    text: "home.perks.returnsText",
    icon: <path d="M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />,
  },
  {
    title: "home.perks.secureTitle",
    text: "home.perks.secureText",
    icon: (
      <>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </>
    ),
  },
  {
    title: "home.perks.deliveryTitle",
    text: "home.perks.deliveryText",
    icon: (
      <>
        <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
        <circle cx="7" cy="18" r="1.8" />
        <circle cx="17" cy="18" r="1.8" />
      </>
    ),
  },
  {
    title: "home.perks.helpTitle",
    text: "home.perks.helpText",
    icon: <path d="M21 12a8 8 0 0 1-11.8 7L4 20l1.1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />,
  },
];

export function WhyShopWithUs() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="render-near-viewport bg-brand-950 text-white [--offscreen-height:1050px] sm:[--offscreen-height:650px] lg:[--offscreen-height:450px]"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <div className="mb-10 max-w-2xl">
          <p className="mb-2 text-sm font-semibold tracking-wide text-brand-200 uppercase">
            {t("home.perks.eyebrow")}
          </p>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("home.perks.title")}
          </h2>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {perks.map((perk) => (
            <li key={perk.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                <svg
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {perk.icon}
                </svg>
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(perk.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-brand-100">{t(perk.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
