import { useId } from "react";
import { NavLink, useLocation } from "react-router";

import { useAuthorization } from "@/components/authorization";
import {
  DASHBOARD_MENU,
  type DashboardBadges,
  type DashboardMenuGroup,
  type DashboardMenuItem,
} from "@/features/dashboard/config";
import { t } from "@/features/dashboard/messages";
import { cn } from "@/lib/cn";

/**
 * The dashboard menu: the items the viewer's policies allow (admins get the admin pages, under
 * their groups' labels; a shopper sees one short list and no labels).
 */
export function DashboardNav({ className, badges = {} }: { className?: string; badges?: DashboardBadges }) {
  const { can } = useAuthorization();
  const groups = DASHBOARD_MENU.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.policy || can(item.policy)),
  })).filter((group) => group.items.length > 0);

  return (
    <nav aria-label={t("dashboard.name")} className={cn("flex flex-col gap-4", className)}>
      {groups.map((group) => (
        <MenuGroup key={group.label ?? "own"} group={group} badges={badges} headed={groups.length > 1} />
      ))}
    </nav>
  );
}

function MenuGroup({
  group,
  badges,
  headed,
}: {
  group: DashboardMenuGroup;
  badges: DashboardBadges;
  headed: boolean;
}) {
  const headingId = useId();
  const heading = headed && group.label;
  return (
    <div>
      {heading ? (
        // A label, not a heading: the page's own headings ("Insights", "Customers") stay the only ones.
        <p id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {group.label}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1" {...(heading ? { "aria-labelledby": headingId } : {})}>
        {group.items.map((item) => (
          <li key={item.to}>
            <MenuLink item={item} badges={badges} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MenuLink({ item, badges }: { item: DashboardMenuItem; badges: DashboardBadges }) {
  const { pathname } = useLocation();
  return (
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
  );
}
