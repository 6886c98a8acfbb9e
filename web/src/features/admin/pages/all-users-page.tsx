import type { UserSummary } from "@shop/contract/admin";
import { useEffect, useRef, useState } from "react";

import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { Pagination } from "@/components/pagination";
import { QueryError } from "@/components/query-error";
import { SearchField } from "@/components/search-field";
import { ADMIN_USERS_PAGE_SIZE } from "@/config/ui";
import { useUsers } from "@/features/admin/api/get-users";
import { useMakeAdmin } from "@/features/admin/api/make-admin";
import { useRemoveUser } from "@/features/admin/api/remove-user";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { UserCards, UsersTable } from "@/features/admin/components/users-list";
import { ADMIN_TEXTS } from "@/features/admin/config";
import { pageCountOf, useListParams } from "@/features/admin/hooks/use-list-params";
import { describeRange } from "@/features/admin/utils/list-range";
import { describeUser, makeAdminErrorMessage } from "@/features/admin/utils/users";
import { useSession } from "@/lib/session";
import { notifyError, notifyRemoved, notifyUpdated, notifyWarning } from "@/lib/toast";

type Removal = { user: UserSummary; opener: HTMLElement };

/**
 * /dashboard/allusers (SPEC sections 2, 4 and 7): every account with search and paging, 'Make
 * Admin' for shoppers ('Already an Admin' for admins) and 'Remove User' behind a confirmation.
 * A table from the lg breakpoint, cards below it.
 */
export function AllUsersPage() {
  const { user: me } = useSession();
  const list = useListParams(ADMIN_USERS_PAGE_SIZE);
  const users = useUsers(list.params);
  const makeAdmin = useMakeAdmin();
  const remove = useRemoveUser();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const data = users.data;
  const pageCount = data ? pageCountOf(data.total, ADMIN_USERS_PAGE_SIZE) : 1;
  const { page, setPage } = list;
  // Past the last page (e.g. its last user was just removed): show the last page instead.
  const isPastEnd = !users.isPlaceholderData && data !== undefined && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (isPastEnd) setPage(pageCount, true);
  }, [isPastEnd, pageCount, setPage]);

  const promote = (user: UserSummary) =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) notifyUpdated(ADMIN_TEXTS.madeAdmin);
        else notifyWarning(`${describeUser(user)} is already an admin`);
      },
      onError: (error) => notifyError(makeAdminErrorMessage(error)),
    });

  const confirmRemoval = () => {
    if (!removal || remove.isPending) return;
    remove.mutate(removal.user.email, {
      onSuccess: () => notifyRemoved(ADMIN_TEXTS.userRemoved),
      onSettled: () => setRemoval(null),
    });
  };

  const listProps = {
    users: data?.items ?? [],
    offset: list.params.offset,
    currentEmail: me?.email,
    promotingEmail: makeAdmin.isPending ? makeAdmin.variables : undefined,
    onMakeAdmin: promote,
    onRemove: (user: UserSummary, opener: HTMLElement) => setRemoval({ user, opener }),
  };

  return (
    <>
      <PageTitle
        title="All Users"
        level={2}
        documentTitle="All Users · Dashboard"
        subtitle="Promote shoppers to admins, or remove accounts."
        className="mb-6"
      />
      <SearchField
        label="Search users"
        placeholder="Name or e-mail"
        value={list.search}
        onChange={list.setSearch}
        isSearching={list.isDebouncing || (users.isFetching && users.isPlaceholderData)}
        inputRef={searchRef}
        className="mb-5 max-w-md"
      />
      <p role="status" className="mb-4 text-sm text-ink-muted">
        {data
          ? describeRange(list.params.offset, data.items.length, data.total, { one: "user", many: "users" })
          : ""}
        {data && list.q ? ` for “${list.q}”` : ""}
      </p>
      {users.isPending ? (
        <ListSkeleton label="Loading users…" />
      ) : users.isError && !data ? (
        <QueryError
          title={ADMIN_TEXTS.usersLoadError}
          error={users.error}
          isRetrying={users.isRefetching}
          onRetry={() => void users.refetch()}
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={list.q ? `No users match “${list.q}”` : "No users yet"}>
          {list.q ? "Try part of a name or an e-mail address." : null}
        </EmptyState>
      ) : (
        <>
          <UsersTable {...listProps} className="hidden lg:block" />
          <UserCards {...listProps} className="lg:hidden" />
          <Pagination
            label="Users pages"
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => setPage(next)}
            className="mt-6"
          />
        </>
      )}
      <ConfirmDialog
        open={removal !== null}
        title={ADMIN_TEXTS.deleteQuestion}
        confirmLabel={ADMIN_TEXTS.removeUser}
        isConfirming={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoval(null)}
        returnFocusTo={removal?.opener}
        fallbackFocusRef={searchRef}
      >
        {removal ? (
          <p>
            The account of{" "}
            <strong className="font-semibold break-all text-ink">{describeUser(removal.user)}</strong> will be
            removed with its cart and profile, and signed out everywhere. This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
