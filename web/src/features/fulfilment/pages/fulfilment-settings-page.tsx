import {
  fulfilmentSettingsSchema,
  TRACKING_PLACEHOLDER,
  type Carrier,
  type FulfilmentSettings,
} from "@shop/contract/fulfilment";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { controlClassName, FormField } from "@/components/form-field";
import { PageTitle } from "@/components/page-title";
import { Panel } from "@/components/panel";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { TextField } from "@/components/text-field";
import {
  useFulfilmentSettings,
  useSaveFulfilmentSettings,
} from "@/features/fulfilment/api/fulfilment-settings";
import { t } from "@/features/fulfilment/messages";

/** What the invoices print as the seller, how the invoice travels with the mail, and the carriers. */
export function FulfilmentSettingsPage() {
  const settings = useFulfilmentSettings();
  return (
    <>
      <PageTitle level={2} title={t("fulfilment.title")} />
      <QueryStates query={settings} pending={<Spinner />} errorTitle={t("fulfilment.loadError")}>
        {(current) => <SettingsForm current={current} builtIn={current.builtInCarriers} />}
      </QueryStates>
    </>
  );
}

/** A form error's field, as the schema's path names it ("seller.name", "carriers.0.trackingUrl"). */
type FieldErrors = Record<string, string>;

function SettingsForm({ current, builtIn }: { current: FulfilmentSettings; builtIn: readonly Carrier[] }) {
  const [seller, setSeller] = useState(current.seller);
  const [invoiceInMail, setInvoiceInMail] = useState(current.invoiceInMail);
  const [carriers, setCarriers] = useState<Carrier[]>(current.carriers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveFulfilmentSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fulfilmentSettingsSchema.safeParse({ seller, invoiceInMail, carriers });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const setCarrier = (index: number, change: Partial<Carrier>) =>
    setCarriers((list) => list.map((carrier, at) => (at === index ? { ...carrier, ...change } : carrier)));

  return (
    <form onSubmit={submit} noValidate aria-label={t("fulfilment.formLabel")} className="flex flex-col gap-6">
      <Panel title={t("fulfilment.sellerHeading")} description={t("fulfilment.sellerNote")}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("fulfilment.sellerName")}
            required
            value={seller.name}
            error={errors["seller.name"]}
            onChange={(event) => setSeller({ ...seller, name: event.target.value })}
          />
          <TextField
            label={t("fulfilment.taxId")}
            value={seller.taxId}
            error={errors["seller.taxId"]}
            onChange={(event) => setSeller({ ...seller, taxId: event.target.value })}
          />
          <FormField
            label={t("fulfilment.address")}
            required
            error={errors["seller.address"]}
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={seller.address}
                onChange={(event) => setSeller({ ...seller, address: event.target.value })}
                className={controlClassName(errors["seller.address"])}
              />
            )}
          </FormField>
          <TextField
            label={t("fulfilment.sellerEmail")}
            type="email"
            value={seller.email}
            error={errors["seller.email"]}
            onChange={(event) => setSeller({ ...seller, email: event.target.value })}
          />
        </div>
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-ink">{t("fulfilment.invoiceInMail")}</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(
              [
                ["link", t("fulfilment.invoiceLink")],
                ["attach", t("fulfilment.invoiceAttach")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="invoice-in-mail"
                  value={value}
                  checked={invoiceInMail === value}
                  onChange={() => setInvoiceInMail(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </Panel>

      <Panel
        title={t("fulfilment.carriersHeading")}
        description={t("fulfilment.carriersNote", { placeholder: TRACKING_PLACEHOLDER })}
      >
        <h4 className="mt-4 text-sm font-semibold text-ink">{t("fulfilment.builtIn")}</h4>
        <ul className="mt-1 flex flex-col gap-1 text-sm text-ink-muted">
          {builtIn.map((carrier) => (
            <li key={carrier.name} className="break-all">
              <span className="font-medium text-ink">{carrier.name}</span>: {carrier.trackingUrl}
            </li>
          ))}
        </ul>
        <h4 className="mt-5 text-sm font-semibold text-ink">{t("fulfilment.yours")}</h4>
        {carriers.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">{t("fulfilment.noneYet")}</p>
        ) : null}
        <ul className="mt-2 flex flex-col gap-4">
          {carriers.map((carrier, index) => (
            <li
              key={index}
              aria-label={t("fulfilment.carrier", { number: index + 1 })}
              className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
            >
              <TextField
                label={t("fulfilment.carrierName")}
                required
                value={carrier.name}
                error={errors[`carriers.${index}.name`]}
                onChange={(event) => setCarrier(index, { name: event.target.value })}
              />
              <TextField
                label={t("fulfilment.trackingAddress")}
                required
                inputMode="url"
                placeholder={t("fulfilment.trackingExample", { placeholder: TRACKING_PLACEHOLDER })}
                value={carrier.trackingUrl}
                error={errors[`carriers.${index}.trackingUrl`]}
                onChange={(event) => setCarrier(index, { trackingUrl: event.target.value })}
              />
              <Button
                variant="secondary"
                className="sm:mt-7"
                aria-label={t("fulfilment.removeCarrier", { name: carrier.name || String(index + 1) })}
                onClick={() => setCarriers((list) => list.filter((_, at) => at !== index))}
              >
                {t("fulfilment.remove")}
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="mt-4"
          disabled={carriers.length >= 20}
          onClick={() => setCarriers((list) => [...list, { name: "", trackingUrl: "" }])}
        >
          {t("fulfilment.addCarrier")}
        </Button>
      </Panel>

      <div>
        <Button submit isLoading={save.isPending}>
          {t("fulfilment.save")}
        </Button>
      </div>
    </form>
  );
}
