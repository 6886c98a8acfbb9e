import type { PublicCollection } from "@shop/contract/collections";
import { useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { api } from "@/lib/api-client";

/** GET /collections/{slug}: the title, description and image of a collection's page. */
export function useCollection(slug: string) {
  return useQuery({
    queryKey: ["collections", slug],
    queryFn: ({ signal }) =>
      api.get<PublicCollection>(`/collections/${encodeURIComponent(slug)}`, { signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}
