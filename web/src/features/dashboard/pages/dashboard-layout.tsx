import { NavLink, Outlet } from "react-router";

import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

/** Every child route; which ones a user sees is decided with the auth task. */
const menu = [
  { label: "My Profile", to: paths.dashboard.root.getHref(), end: true },
  { label: "My Reviews", to: paths.dashboard.myReviews.getHref(), end: false },
  { label: "All Users", to: paths.dashboard.allUsers.getHref(), end: false },
  { label: "Add Product", to: paths.dashboard.addProduct.getHref(), end: false },
  { label: "Manage Products", to: paths.dashboard.manageProducts.getHref(), end: false },
] as const;

/**
 * Placeholder dashboard layout (SPEC: 'Welcome to Dashboard' + a menu + the child page). The
 * dashboard task adds the drawer, the user's name and the admin-only menu visibility.
 */
export function DashboardLayout() {
  return (
    <PageContainer>
      <PageTitle title="Welcome to Dashboard" documentTitle={false} />
      <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Dashboard">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {menu.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-lg px-3 py-2 text-sm font-medium",
                      isActive
                        ? "bg-brand-50 text-brand-700"
                        : "text-ink-muted hover:bg-stone-100 hover:text-ink",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0">
          <Outlet />
        </section>
      </div>
    </PageContainer>
  );
}
