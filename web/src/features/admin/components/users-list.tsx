import type { UserSummary } from "@shop/contract/admin";

import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { EmailAddress } from "@/components/email-address";
import { RoleBadge, YouBadge } from "@/features/admin/components/role-badge";
import { UserActions, type UserActionsProps } from "@/features/admin/components/user-actions";
import { t } from "@/features/admin/messages";
import { isSameUser } from "@/features/admin/utils/users";
import { cn } from "@/lib/cn";

export type UsersListProps = Pick<UserActionsProps, "onMakeAdmin" | "onRemove"> & {
  users: readonly UserSummary[];
  /** The rows before this page, so the numbering carries on from page to page. */
  offset: number;
  currentEmail: string | undefined;
  /** The e-mail being promoted right now, if any. */
  promotingEmail: string | undefined;
  className?: string;
};

const bodyCell = cn(dataTableCell, "py-3.5");

/** One account's actions as the table and the cards both show them: who is "you", who is being promoted. */
function userActionsOf(
  user: UserSummary,
  {
    currentEmail,
    promotingEmail,
    onMakeAdmin,
    onRemove,
  }: Omit<UsersListProps, "users" | "offset" | "className">,
): UserActionsProps {
  return {
    user,
    isSelf: isSameUser(user, currentEmail),
    isPromoting: promotingEmail === user.email,
    onMakeAdmin,
    onRemove,
  };
}

const USER_COLUMNS: readonly DataTableColumn[] = [
  {
    label: (
      <>
        <span aria-hidden="true">#</span>
        <span className="sr-only">{t("admin.column.number")}</span>
      </>
    ),
    className: "w-14",
  },
  { label: t("admin.column.email") },
  { label: t("admin.column.name") },
  { label: t("admin.column.role") },
  { label: t("admin.column.actions"), className: "text-right" },
];

/** The users on wide screens: number, e-mail, name, role and the actions, one row each. */
export function UsersTable({ users, offset, className, ...row }: UsersListProps) {
  return (
    <DataTable caption={t("admin.usersCaption")} columns={USER_COLUMNS} className={className}>
      {users.map((user, index) => {
        const actions = userActionsOf(user, row);
        const { isSelf } = actions;
        return (
          <tr key={user._id}>
            <td className={cn(bodyCell, "pl-5 text-ink-muted tabular-nums")}>{offset + index + 1}</td>
            <th scope="row" className={cn(bodyCell, "font-semibold break-words text-ink")}>
              <EmailAddress email={user.email} />
              {isSelf ? <YouBadge /> : null}
            </th>
            <td className={cn(bodyCell, "break-words text-ink")}>{user.name}</td>
            <td className={bodyCell}>
              <RoleBadge role={user.role} />
            </td>
            <td className={cn(bodyCell, "pr-5")}>
              <UserActions {...actions} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The users on small screens: one card per account, the same facts and actions as the table. */
export function UserCards({ users, offset, className, ...row }: UsersListProps) {
  return (
    <ol
      aria-label={t("admin.usersCaption")}
      start={offset + 1}
      className={cn("flex flex-col gap-4", className)}
    >
      {users.map((user, index) => {
        const actions = userActionsOf(user, row);
        const { isSelf } = actions;
        return (
          <li key={user._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-medium text-ink-muted tabular-nums">#{offset + index + 1}</p>
                <h3 className="mt-0.5 text-base font-semibold break-words text-ink">
                  <EmailAddress email={user.email} />
                  {isSelf ? <YouBadge /> : null}
                </h3>
                <p className="mt-0.5 text-sm break-words text-ink-muted">{user.name}</p>
              </div>
              <RoleBadge role={user.role} />
            </div>
            <div className="mt-4 border-t border-line pt-4">
              <UserActions {...actions} full />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
