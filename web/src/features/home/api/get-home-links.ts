import type { HomeLinks } from "@shop/contract/collections";
import { useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { paths } from "@/config/paths";
import { api } from "@/lib/api-client";

/**
 * Where a home slide or tile leads: the collection the owner chose in the dashboard, else the
 * page it was built to lead to (also while the choice loads, or if it cannot be read).
 */
export function useHomeLinks() {
  const { data } = useQuery({
    queryKey: ["home-links"],
    queryFn: ({ signal }) => api.get<HomeLinks>("/home-links", { signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
  const to = (slug: string | null | undefined, builtIn: string) =>
    slug ? paths.collection.getHref(slug) : builtIn;
  return {
    slide: (index: number, builtIn: string) => to(data?.slides[index], builtIn),
    category: (category: keyof HomeLinks["categories"], builtIn: string) =>
      to(data?.categories[category], builtIn),
  };
}
