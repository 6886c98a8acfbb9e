import { NavLink, useLocation } from "react-router";

import { useAuthorization } from "@/components/authorization";
import { DASHBOARD_MENU } from "@/features/dashboard/config";
import { cn } from "@/lib/cn";

/** The dashboard menu: the items the viewer's policies allow (admins get the admin pages). */
export function DashboardNav({ className }: { className?: string }) {
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
                  "block rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
                  isActive || item.alsoOn?.includes(pathname)
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
  );
}
