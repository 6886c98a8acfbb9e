import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useDevices, useSignOutOtherDevices, type Device } from "@/features/dashboard/api/account-security";
import { t } from "@/features/dashboard/messages";
import { getErrorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/i18n";
import { notifyUpdated } from "@/lib/toast";

/** "Chrome on Android" from a user agent, or the agent itself when we cannot tell. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return t("dashboard.devices.unknown");
  const browser =
    [
      ["Edge", /Edg\//],
      ["Firefox", /Firefox\//],
      ["Chrome", /Chrom(e|ium)\//],
      ["Safari", /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const system =
    [
      ["Android", /Android/],
      ["iPhone", /iPhone|iPad/],
      ["Windows", /Windows/],
      ["macOS", /Mac OS X/],
      ["Linux", /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  if (browser && system)
    return t("dashboard.devices.browserOn", { browser: browser as string, system: system as string });
  return (browser as string | null) ?? (system as string | null) ?? userAgent.slice(0, 60);
}

function DeviceRow({ device }: { device: Device }) {
  return (
    <li className="flex flex-col gap-0.5 py-3">
      <span className="font-semibold text-ink">
        {describeDevice(device.userAgent)}
        {device.current ? (
          <span className="ml-2 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {t("dashboard.devices.current")}
          </span>
        ) : null}
      </span>
      <span className="text-sm text-ink-muted">
        {t("dashboard.devices.signedInAt", {
          when: formatDate(device.createdAt, { dateStyle: "medium", timeStyle: "short" }),
        })}
        {device.ipAddress ? ` · ${device.ipAddress}` : ""}
      </span>
    </li>
  );
}

/** Where the account is signed in, and a button that signs out all but this device. */
export function SignedInDevices() {
  const devices = useDevices();
  const signOutOthers = useSignOutOtherDevices();
  return (
    <QueryStates
      query={devices}
      pending={<Spinner label={t("dashboard.devices.loading")} showLabel className="py-4" />}
      errorTitle={t("dashboard.devices.loadError")}
    >
      {(list) => (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t("dashboard.devices.count", { count: list.length })}
          </p>
          <ul aria-label={t("dashboard.account.devices")} className="divide-y divide-line">
            {list.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          <FormAlert>{signOutOthers.isError ? getErrorMessage(signOutOthers.error) : null}</FormAlert>
          <div>
            <Button
              variant="secondary"
              isLoading={signOutOthers.isPending}
              onClick={() =>
                signOutOthers.mutate(undefined, {
                  onSuccess: () => notifyUpdated(t("dashboard.devices.signedOutOthers")),
                })
              }
            >
              {t("dashboard.devices.signOutOthers")}
            </Button>
          </div>
        </div>
      )}
    </QueryStates>
  );
}
