import type { UserSummary } from "@shop/contract/admin";
import { useRef } from "react";

import { ConfirmItemDialog } from "@/components/confirm-dialog";
import { DeskPageTitle } from "@/components/page-title";
import { ADMIN_USERS_PAGE_SIZE } from "@/features/admin/config";
import { useUsers } from "@/features/admin/api/get-users";
import { useMakeAdmin } from "@/features/admin/api/make-admin";
import { useRemoveUser } from "@/features/admin/api/remove-user";
import { PagedListResults, PagedListSearch, usePagedList } from "@/features/admin/components/paged-list";
import { strongIn } from "@/features/admin/components/strong-in";
import { UserCards, UsersTable } from "@/features/admin/components/users-list";
import { useRemovalConfirmation } from "@/features/admin/hooks/use-removal-confirmation";
import { t } from "@/features/admin/messages";
import { describeUser, makeAdminErrorMessage } from "@/features/admin/utils/users";
import { useSession } from "@/lib/session";
import { notifyError, notifyUpdated, notifyWarning } from "@/lib/toast";

/**
 * /dashboard/allusers (SPEC sections 2, 4 and 7): every account with search and paging, 'Make
 * Admin' for shoppers ('Already an Admin' for admins) and 'Remove User' behind a confirmation.
 * A table from the lg breakpoint, cards below it.
 */
export function AllUsersPage() {
  const { user: me } = useSession();
  const paged = usePagedList(ADMIN_USERS_PAGE_SIZE, useUsers);
  const { list } = paged;
  const makeAdmin = useMakeAdmin();
  const removal = useRemovalConfirmation(
    useRemoveUser(),
    (user: UserSummary) => user.email,
    t("admin.userRemoved"),
  );
  const searchRef = useRef<HTMLInputElement>(null);

  const promote = (user: UserSummary) =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) notifyUpdated(t("admin.madeAdmin"));
        else notifyWarning(t("admin.users.alreadyAdmin", { who: describeUser(user) }));
      },
      onError: (error) => notifyError(makeAdminErrorMessage(error)),
    });

  const listProps = {
    users: paged.items,
    offset: list.params.offset,
    currentEmail: me?.email,
    promotingEmail: makeAdmin.isPending ? makeAdmin.variables : undefined,
    onMakeAdmin: promote,
    onRemove: removal.ask,
  };

  return (
    <>
      <DeskPageTitle
        title={t("admin.users.title")}
        documentTitle={t("admin.users.documentTitle")}
        subtitle={t("admin.users.subtitle")}
      />
      <PagedListSearch
        paged={paged}
        label={t("admin.users.search")}
        placeholder={t("admin.users.searchPlaceholder")}
        inputRef={searchRef}
        className="mb-5 max-w-md"
      />
      <PagedListResults
        paged={paged}
        kind="users"
        errorTitle={t("admin.usersLoadError")}
        noMatchHint={t("admin.users.noMatch")}
      >
        <UsersTable {...listProps} className="hidden lg:block" />
        <UserCards {...listProps} className="lg:hidden" />
      </PagedListResults>
      <ConfirmItemDialog
        confirmation={removal}
        title={t("admin.deleteQuestion")}
        confirmLabel={t("admin.removeUser")}
        fallbackFocusRef={searchRef}
      >
        {(user) => (
          <p>
            {strongIn(
              (who) => t("admin.users.removeDetail", { who }),
              <strong className="font-semibold break-words text-ink">{describeUser(user)}</strong>,
            )}
          </p>
        )}
      </ConfirmItemDialog>
    </>
  );
}
