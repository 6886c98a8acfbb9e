import type { UserSummary } from "@shop/contract/admin";

import { Button } from "@/components/button";
import { t } from "@/features/admin/messages";
import { describeUser } from "@/features/admin/utils/users";
import { cn } from "@/lib/cn";

export type UserActionsProps = {
  user: UserSummary;
  /** The signed-in admin's own row: it cannot be removed. */
  isSelf: boolean;
  isPromoting: boolean;
  onMakeAdmin: (user: UserSummary) => void;
  onRemove: (user: UserSummary, opener: HTMLElement) => void;
  /** Stretch over the width (the cards on small screens). */
  full?: boolean;
};

/** 'Make Admin' (or 'Already an Admin') and 'Remove User' for one account. */
export function UserActions({
  user,
  isSelf,
  isPromoting,
  onMakeAdmin,
  onRemove,
  full = false,
}: UserActionsProps) {
  const who = describeUser(user);
  return (
    <div className={cn("flex flex-wrap items-center gap-2", full ? "grid grid-cols-2" : "justify-end")}>
      {user.role === "admin" ? (
        <span
          className={cn(
            "inline-flex min-h-9 items-center justify-center rounded-lg bg-emerald-50 px-3 py-1.5 text-sm font-semibold",
            "whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset",
          )}
        >
          {t("admin.alreadyAdmin")}
        </span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          full={full}
          isLoading={isPromoting}
          aria-label={t("admin.makeAdminFor", { who })}
          onClick={() => onMakeAdmin(user)}
        >
          {t("admin.makeAdmin")}
        </Button>
      )}
      {isSelf ? (
        <span className="text-center text-sm text-ink-muted">{t("admin.ownAccount")}</span>
      ) : (
        <button
          type="button"
          aria-label={t("admin.removeUserFor", { who })}
          onClick={(event) => onRemove(user, event.currentTarget)}
          className={cn(
            "inline-flex min-h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5",
            "text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset",
            "transition-colors duration-150 hover:bg-red-50 active:bg-red-100",
            full && "w-full",
          )}
        >
          {t("admin.removeUser")}
        </button>
      )}
    </div>
  );
}
