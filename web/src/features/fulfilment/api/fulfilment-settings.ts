import { fulfilmentSettingsViewSchema, type FulfilmentSettings } from "@shop/contract/fulfilment";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { notifyError, notifyUpdated } from "@/lib/toast";
import { t } from "@/features/fulfilment/messages";

/** The same key as the carriers an admin picks from when shipping: a save refreshes that list too. */
const settingsKey = ["fulfilment-settings"] as const;

/** GET /api/admin/fulfilment-settings: the seller, the owner's carriers, the built-in ones. */
export const useFulfilmentSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      api.get("/admin/fulfilment-settings", { schema: fulfilmentSettingsViewSchema, signal }),
  });

/** PUT /api/admin/fulfilment-settings, with the server's field messages when it refuses. */
export function useSaveFulfilmentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FulfilmentSettings) =>
      api.put("/admin/fulfilment-settings", settings, { schema: fulfilmentSettingsViewSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      notifyUpdated(t("fulfilment.saved"));
    },
    onError: (error) => notifyError(errorMessageWithFields(error)),
  });
}
