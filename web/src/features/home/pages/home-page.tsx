import { Link } from "react-router";

import { ChevronRightIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { paths } from "@/config/paths";

/** SPEC 'Shop By Category': Women, Shoes, Gadgets, Mans. */
const categories = [
  { label: "Women", to: paths.women.getHref(), blurb: "Summer Collection Vol-1" },
  { label: "Shoes", to: paths.shoes.getHref(), blurb: "Shoes Collection Vol-1" },
  { label: "Gadgets", to: paths.gadget.getHref(), blurb: "Gadgets Collection" },
  { label: "Mans", to: paths.man.getHref(), blurb: "Summer Collection Vol-1" },
] as const;

/** Placeholder home page: the category block. The home task adds carousel, best sellers, testimonials. */
export function HomePage() {
  return (
    <PageContainer>
      <PageTitle
        title="Shop By Category"
        eyebrow="2022 Trendsetters"
        documentTitle="Clothing, shoes, watches and gadgets"
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category.to}>
            <Link
              to={category.to}
              className="group flex h-full flex-col justify-between rounded-2xl border border-line bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md"
            >
              <span className="text-xl font-semibold text-ink">{category.label}</span>
              <span className="mt-8 flex items-center justify-between text-sm text-ink-muted">
                {category.blurb}
                <ChevronRightIcon className="size-5 text-brand-700 transition-transform group-hover:translate-x-1" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
