import type { ReactNode } from "react";

import { QueryError } from "@/components/query-error";
import { isApiError } from "@/lib/api-client";

/** What QueryStates reads of a TanStack query (plain or infinite). */
export type QueryStatesQuery<Data> = {
  data: Data | undefined;
  isPending: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
  /** An infinite query's 'Load more' failed: the list shows that beside its button, not here. */
  isFetchNextPageError?: boolean;
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
  /** Shown instead of the error when the thing is not there (nothing to retry): see isNotFound. */
  notFound?: ReactNode;
  /** Which errors mean "not there"; the server's 404 unless told. */
  isNotFound?: (error: unknown) => boolean;
  children: (data: Data) => ReactNode;
};

/**
 * A query's four states in one place: pending, failed, empty, and its data. Data once shown stays
 * when a later refetch fails (after a write, say), with the failure and its retry above it: the
 * data may be out of date, and nothing retries a 4xx by itself.
 */
export function QueryStates<Data>({
  query,
  pending,
  errorTitle,
  isEmpty,
  empty,
  notFound,
  isNotFound = isApiNotFound,
  children,
}: QueryStatesProps<Data>) {
  const { data } = query;
  const failure = (compact: boolean) => (
    <QueryError title={errorTitle} query={query} compact={compact} className={compact ? "mb-4" : undefined} />
  );
  if (data === undefined) {
    if (query.isPending && !query.error) return <>{pending}</>;
    if (notFound !== undefined && isNotFound(query.error)) return <>{notFound}</>;
    return failure(false);
  }
  return (
    <>
      {query.error && !query.isFetchNextPageError ? failure(true) : null}
      {empty !== undefined && isEmpty?.(data) ? empty : children(data)}
    </>
  );
}

const isApiNotFound = (error: unknown) => isApiError(error) && error.status === 404;
