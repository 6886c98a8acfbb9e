import type { AdminProduct } from "@shop/contract/admin";
import type { Collection, CollectionBody } from "@shop/contract/collections";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";

/**
 * The owner's collections (decision 048): GET/POST /api/admin/collections, PUT/DELETE
 * /api/admin/collections/{id}, GET/PUT /api/admin/collections/{id}/products. Every write
 * refetches the list (and the storefront's product lists, which a collection page reads).
 */
export const collectionQueryKeys = {
  all: ["admin-collections"] as const,
  picks: (collectionId: string) => ["admin-collections", collectionId, "products"] as const,
};

/** The form's body as the wire has it, before the schema's defaults. */
export type CollectionPayload = Omit<CollectionBody, "rule"> & { rule: CollectionBody["rule"] };

export function getCollections(signal?: AbortSignal): Promise<Collection[]> {
  return api.get<Collection[]>("/admin/collections", { signal });
}

export function getCollectionsQueryOptions() {
  return queryOptions({ queryKey: collectionQueryKeys.all, queryFn: ({ signal }) => getCollections(signal) });
}

/** `enabled: false` until the list is needed (the bulk edit's collection actions). */
export function useCollections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCollectionsQueryOptions(), enabled });
}

/** A manual collection's picked products, in its order, whatever their status. */
export function getCollectionPicks(collectionId: string, signal?: AbortSignal): Promise<AdminProduct[]> {
  return api.get<AdminProduct[]>(`/admin/collections/${encodeURIComponent(collectionId)}/products`, {
    signal,
  });
}

export function useCollectionPicks(collectionId: string) {
  return useQuery({
    queryKey: collectionQueryKeys.picks(collectionId),
    queryFn: ({ signal }) => getCollectionPicks(collectionId, signal),
    staleTime: 0,
    refetchOnMount: "always",
  });
}

export type SaveCollectionVariables = { collectionId: string | null; payload: CollectionPayload };

/** Creates (no id) or replaces a collection. */
export function saveCollection({ collectionId, payload }: SaveCollectionVariables): Promise<Collection> {
  return collectionId
    ? api.put<Collection>(`/admin/collections/${encodeURIComponent(collectionId)}`, payload)
    : api.post<Collection>("/admin/collections", payload);
}

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionQueryKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
    ]);
}

/** The form shows its failures itself (next to the fields), so no toast. */
export function useSaveCollection() {
  const refresh = useRefreshAfterWrite();
  return useMutation({ mutationFn: saveCollection, onError: () => undefined, onSettled: refresh });
}

export function deleteCollection(collectionId: string): Promise<void> {
  return api.delete<void>(`/admin/collections/${encodeURIComponent(collectionId)}`);
}

/** Failures show as a toast (query client). */
export function useDeleteCollection() {
  const refresh = useRefreshAfterWrite();
  return useMutation({ mutationFn: deleteCollection, onSettled: refresh });
}

export type SetPicksVariables = { collectionId: string; productIds: string[] };

export function setCollectionPicks({ collectionId, productIds }: SetPicksVariables): Promise<Collection> {
  return api.put<Collection>(`/admin/collections/${encodeURIComponent(collectionId)}/products`, {
    productIds,
  });
}

/** The picker shows its failures itself, so no toast. */
export function useSetCollectionPicks() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: setCollectionPicks,
    onError: () => undefined,
    onSettled: (_result, _error, { collectionId }) =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: collectionQueryKeys.picks(collectionId) }),
      ]),
  });
}
