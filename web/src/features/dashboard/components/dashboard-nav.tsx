import { NavLink, useLocation } from "react-router";

import { useAuthorization } from "@/components/authorization";
import { DASHBOARD_MENU, type DashboardBadges } from "@/features/dashboard/config";
import { cn } from "@/lib/cn";

/** The dashboard menu: the items the viewer's policies allow (admins get the admin pages). */
export function DashboardNav({ className, badges = {} }: { className?: string; badges?: DashboardBadges }) {
  const { can } = useAuthorization();
  const { pathname } = useLocation();
  const items = DASHBOARD_MENU.filter((item) => !item.policy || can(item.policy));

  return (
    <nav aria-label="Dashboard" className={className}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  "flex items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
                  isActive || item.alsoOn?.includes(pathname)
                    ? "bg-brand-50 text-brand-700"
                    : "text-ink-muted hover:bg-stone-100 hover:text-ink",
                )
              }
            >
              {item.label}
              {item.badge ? badges[item.badge] : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
