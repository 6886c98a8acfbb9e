import type {
  CustomerDetail,
  CustomerList,
  CustomerNote,
  CustomerSort,
  CustomerSummary,
} from "@shop/contract/customers";
import { CUSTOMER_SORTS, CUSTOMERS_COUNT_CAP } from "@shop/contract/customers";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";

import type { ListParams } from "@/features/admin/api/query-keys";
import { api, type ListResult } from "@/lib/api-client";

const customerKeys = {
  all: ["customers"] as const,
  list: (params: ListParams, sort: CustomerSort) => ["customers", { ...params, sort }] as const,
  one: (customerId: string) => ["customers", { id: customerId }] as const,
};

/** The list's order from the address (`?sort=`), the last order first by default. */
export function useCustomerSort(): CustomerSort {
  const [searchParams] = useSearchParams();
  const value = searchParams.get("sort") ?? "";
  return (CUSTOMER_SORTS as readonly string[]).includes(value) ? (value as CustomerSort) : "last-order";
}

/** GET /api/admin/customers: one page in the address's order, as the admin lists' pager reads it. */
export function useCustomers(params: ListParams) {
  const sort = useCustomerSort();
  return useQuery({
    queryKey: customerKeys.list(params, sort),
    queryFn: async ({ signal }): Promise<ListResult<CustomerSummary>> => {
      const { customers, total } = await api.get<CustomerList>("/admin/customers", {
        query: { q: params.q || undefined, sort, limit: params.limit, offset: params.offset },
        signal,
      });
      return { items: customers, total, capped: total > CUSTOMERS_COUNT_CAP };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(customerId: string) {
  return useQuery({
    queryKey: customerKeys.one(customerId),
    queryFn: ({ signal }) =>
      api.get<CustomerDetail>(`/admin/customers/${encodeURIComponent(customerId)}`, { signal }),
  });
}

export function useAddCustomerNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<CustomerNote>(`/admin/customers/${encodeURIComponent(customerId)}/notes`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.one(customerId) }),
  });
}

export function useDeleteCustomerNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      api.delete(`/admin/customers/${encodeURIComponent(customerId)}/notes/${encodeURIComponent(noteId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.one(customerId) }),
  });
}
