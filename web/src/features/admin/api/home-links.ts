import type { HomeLinks } from "@shop/contract/collections";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { t } from "@/features/admin/messages";
import { api } from "@/lib/api-client";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { notifyError, notifyUpdated } from "@/lib/toast";

const homeLinksKey = ["admin", "home-links"] as const;

/** GET /api/admin/home-links: where the home page's slides and category tiles lead now. */
export const useHomeLinksSetting = () =>
  useQuery({
    queryKey: homeLinksKey,
    queryFn: ({ signal }) => api.get<HomeLinks>("/admin/home-links", { signal }),
  });

/** PUT /api/admin/home-links; the server's field messages come back with a refusal. */
export function useSaveHomeLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: HomeLinks) => api.put<HomeLinks>("/admin/home-links", links),
    onSuccess: (saved) => {
      queryClient.setQueryData(homeLinksKey, saved);
      // The shop's own home page reads them too.
      void queryClient.invalidateQueries({ queryKey: ["home-links"] });
      notifyUpdated(t("admin.homeLinks.saved"));
    },
    onError: (error) => notifyError(errorMessageWithFields(error)),
  });
}
