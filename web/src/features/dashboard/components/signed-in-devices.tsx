import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useDevices, useSignOutOtherDevices, type Device } from "@/features/dashboard/api/account-security";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

/** "Chrome on Android" from a user agent, or the agent itself when we cannot tell. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
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
  if (browser && system) return `${browser as string} on ${system as string}`;
  return (browser as string | null) ?? (system as string | null) ?? userAgent.slice(0, 60);
}

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

function DeviceRow({ device }: { device: Device }) {
  return (
    <li className="flex flex-col gap-0.5 py-3">
      <span className="font-semibold text-ink">
        {describeDevice(device.userAgent)}
        {device.current ? (
          <span className="ml-2 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            This device
          </span>
        ) : null}
      </span>
      <span className="text-sm text-ink-muted">
        Signed in {dateTime.format(new Date(device.createdAt))}
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
      pending={<Spinner label="Loading your devices…" showLabel className="py-4" />}
      errorTitle="We couldn’t load your devices"
    >
      {(list) => (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            Signed in on {list.length} {list.length === 1 ? "device" : "devices"}.
          </p>
          <ul aria-label="Signed-in devices" className="divide-y divide-line">
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
                  onSuccess: () => notifyUpdated("Signed out everywhere else."),
                })
              }
            >
              Sign out everywhere else
            </Button>
          </div>
        </div>
      )}
    </QueryStates>
  );
}
