import type { ReactNode } from "react";

import { QueryError } from "@/components/query-error";

/** What QueryStates reads of a TanStack query (plain or infinite). */
export type QueryStatesQuery<Data> = {
  data: Data | undefined;
  isPending: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
};

export type QueryStatesProps<Data> = {
  query: QueryStatesQuery<Data>;
  /** Shown while the first answer is on its way: a skeleton or a spinner. */
  pending: ReactNode;
  /** What failed, e.g. "We couldn’t load the users"; the server's reason and a retry go with it. */
  errorTitle: string;
  /** With `empty`: when the answer has nothing to show. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
};

/**
 * A query's four states in one place: pending, failed, empty, and its data. Data once shown stays
 * when a later refetch fails (the query retries by itself); only a first load that failed shows
 * the error with its retry.
 */
export function QueryStates<Data>({
  query,
  pending,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<Data>) {
  const { data } = query;
  if (data === undefined) {
    if (query.isPending && !query.error) return <>{pending}</>;
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
