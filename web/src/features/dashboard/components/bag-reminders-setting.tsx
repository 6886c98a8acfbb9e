import type { BagRemindersSetting } from "@shop/contract/marketing";
import { BAG_REMINDER_CONSENT_TEXT } from "@shop/contract/marketing-constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";

import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { t } from "@/features/dashboard/messages";
import { api, getErrorMessage } from "@/lib/api-client";
import { notifyError, notifyUpdated } from "@/lib/toast";
import { inPageLanguage } from "@/lib/i18n";

const settingKey = ["account", "bag-reminders"] as const;

/**
 * The shopper's own yes to one reminder of a bag left alone (issue 42): unticked until they tick
 * it; the server records the words beside the box with the yes. Saved as it is ticked; a
 * refusal puts the box back as the server has it.
 */
export function BagRemindersSettingForm() {
  const queryClient = useQueryClient();
  const id = useId();
  // The box shows the choice at once (a controlled box would spring back until the answer).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const setting = useQuery({
    queryKey: settingKey,
    queryFn: ({ signal }) => api.get<BagRemindersSetting>("/account/bag-reminders", { signal }),
  });
  const save = useMutation({
    mutationFn: (optedIn: boolean) => api.put<BagRemindersSetting>("/account/bag-reminders", { optedIn }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingKey, saved);
      setChosen(null);
      notifyUpdated(t(saved.optedIn ? "dashboard.reminders.on" : "dashboard.reminders.off"));
    },
    onError: (error) => {
      notifyError(t("dashboard.reminders.notSaved", { reason: getErrorMessage(error) }));
      setChosen(null);
    },
  });
  const choose = (optedIn: boolean) => {
    setChosen(optedIn);
    save.mutate(optedIn);
  };
  return (
    <QueryStates query={setting} pending={<Spinner />} errorTitle={t("dashboard.reminders.loadError")}>
      {({ optedIn }) => (
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-1 size-5 shrink-0"
            checked={chosen ?? optedIn}
            disabled={save.isPending}
            onChange={(event) => choose(event.target.checked)}
          />
          <label htmlFor={id} className="text-sm text-ink">
            {inPageLanguage(BAG_REMINDER_CONSENT_TEXT)}
          </label>
        </div>
      )}
    </QueryStates>
  );
}
