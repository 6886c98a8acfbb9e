import { Outlet } from "react-router";

import { PageContainer } from "@/components/page-container";
import { PAGE_HEADING_CLASSES } from "@/components/page-title";
import { DashboardDrawer } from "@/features/dashboard/components/dashboard-drawer";
import { DashboardNav } from "@/features/dashboard/components/dashboard-nav";
import type { DashboardBadges } from "@/features/dashboard/config";
import { t } from "@/features/dashboard/messages";
import { useSession } from "@/lib/session";

/** Stands in for the display name while the welcome message is split around it. */
const NAME_MARK = "\u0000";

/**
 * /dashboard (SPEC section 2): 'Welcome to Dashboard' with the user's display name, the menu
 * (beside the page from the md breakpoint, in a drawer below it) and the child page, which sets
 * the document title.
 */
export function DashboardLayout({ menuBadges }: { menuBadges?: DashboardBadges }) {
  const { user } = useSession();
  const displayName = user ? user.name || user.email : "";
  // The message around the name, so the name alone takes the brand colour (word order is the language's).
  const [beforeName = "", afterName = ""] = t("dashboard.welcomeNamed", { name: NAME_MARK }).split(NAME_MARK);

  return (
    <PageContainer>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className={PAGE_HEADING_CLASSES}>
          {displayName ? (
            <>
              {beforeName}
              <span className="break-words text-brand-700">{displayName}</span>
              {afterName}
            </>
          ) : (
            t("dashboard.welcome")
          )}
        </h1>
        <DashboardDrawer menuBadges={menuBadges} />
      </div>
      <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
        <aside className="hidden md:block">
          <DashboardNav
            className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto rounded-2xl border border-line bg-white p-3 shadow-sm"
            badges={menuBadges}
          />
        </aside>
        <section className="min-w-0">
          <Outlet />
        </section>
      </div>
    </PageContainer>
  );
}
