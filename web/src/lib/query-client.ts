import { MutationCache, QueryClient } from "@tanstack/react-query";

import {
  QUERY_GC_TIME_MS,
  REQUEST_RETRY_BASE_DELAY_MS,
  REQUEST_RETRY_COUNT,
  REQUEST_RETRY_MAX_DELAY_MS,
} from "@/config/ui";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { notifyError } from "@/lib/toast";

/** Client errors will fail the same way again, except time-outs and rate limiting. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

/**
 * SPEC section 9: a failed data request is retried 3 times. `failureCount` is the number of
 * failures so far minus one (0 after the first), so this allows exactly three retries.
 */
export function shouldRetryRequest(failureCount: number, error: unknown): boolean {
  if (failureCount >= REQUEST_RETRY_COUNT) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return RETRYABLE_CLIENT_STATUSES.has(error.status);
  }
  return true;
}

/** Back-off doubling from 1 s (1 s, 2 s, 4 s …), capped at 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(REQUEST_RETRY_BASE_DELAY_MS * 2 ** failureCount, REQUEST_RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A failed write shows its message unless the mutation handles errors itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError) notifyError(getErrorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryRequest,
        retryDelay,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Writes are not idempotent: never repeat them behind the shopper's back.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
