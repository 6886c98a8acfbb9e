import { currencyLabel, plainAmount } from "@/lib/shop-currency";
import type { Coupon, MoneySettings, ShippingMethod } from "@shop/contract/money";
import { useState, type FormEvent, type ReactNode } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { FormField } from "@/components/form-field";
import { PageTitle } from "@/components/page-title";
import { formatPrice } from "@/components/price";
import { QueryStates, type QueryStatesQuery } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { cn } from "@/lib/cn";
import {
  useAddCoupon,
  useAddShippingMethod,
  useCoupons,
  useDeleteCoupon,
  useDeleteShippingMethod,
  useMoneySettings,
  useSaveMoneySettings,
  useShippingMethods,
  useUpdateCoupon,
  useUpdateShippingMethod,
} from "@/features/money/api/money-settings";
import { t } from "@/features/money/messages";

const inputClass = "min-h-10 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink";
/** A labelled text (or date) input of a settings form's draft. */
function DraftInput({
  label,
  value,
  onChange,
  type = "text",
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date";
  inputMode?: "decimal" | "numeric";
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </FormField>
  );
}

/** Parses "4.99" into dollars; null when blank; NaN when not a number (the server explains). */
const dollars = (text: string) => (text.trim() === "" ? null : Number(text));

/** The owner's checkout money: tax and return window, shipping methods, coupons with their use counts. */
export function MoneySettingsPage() {
  return (
    <>
      <PageTitle title={t("money.title")} />
      <div className="flex flex-col gap-6">
        <TaxSection />
        <ShippingSection />
        <CouponSection />
      </div>
    </>
  );
}

function TaxSection() {
  const settings = useMoneySettings();
  return (
    <CardSection aria-label={t("money.tax.title")}>
      <h2 className="text-lg font-semibold text-ink">{t("money.tax.title")}</h2>
      <QueryStates query={settings} pending={<Spinner />} errorTitle={t("money.tax.loadError")}>
        {(current) => <TaxForm current={current} />}
      </QueryStates>
    </CardSection>
  );
}

function TaxForm({ current }: { current: MoneySettings }) {
  const [rate, setRate] = useState(String(current.taxRate));
  const [included, setIncluded] = useState(current.pricesIncludeTax);
  const [days, setDays] = useState(String(current.returnWindowDays));
  const save = useSaveMoneySettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ taxRate: Number(rate), pricesIncludeTax: included, returnWindowDays: Number(days) });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("money.tax.title")}
      className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end"
    >
      <DraftInput label={t("money.tax.rate")} inputMode="decimal" value={rate} onChange={setRate} />
      <DraftInput label={t("money.tax.returnWindow")} inputMode="numeric" value={days} onChange={setDays} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={included} onChange={(e) => setIncluded(e.target.checked)} />
        {t("money.tax.included")}
      </label>
      <Button submit isLoading={save.isPending}>
        {t("money.save")}
      </Button>
    </form>
  );
}

/** A day picked in a date field as the instant it starts (or ends), in the admin's time zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);
/** An instant as the local day a date field shows. */
const dayOf = (instant: string | null) => {
  if (!instant) return "";
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

type Editable = { _id: string };

type RowWrite<Body> = {
  mutate: (input: Body, options: { onSuccess: () => void }) => void;
  isPending: boolean;
};

/**
 * The row a settings form edits (null while it adds a new one), the form's draft, and its submit:
 * the draft becomes a body that adds a row or saves the one being edited.
 */
function useRowEditor<Row extends Editable, Draft, Body>({
  empty,
  draftOf,
  bodyOf,
  add,
  update,
}: {
  empty: Draft;
  draftOf: (row: Row) => Draft;
  bodyOf: (draft: Draft, editing: Row | null) => Body;
  add: RowWrite<Body>;
  update: RowWrite<{ id: string; body: Body }>;
}) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const stop = () => {
    setEditing(null);
    setDraft(empty);
  };
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  return {
    editing,
    draft,
    set,
    /** The value and change handler of one text field of the draft. */
    field: <Key extends keyof Draft>(key: Key) => ({
      value: draft[key] as string,
      onChange: (value: string) => set({ [key]: value } as unknown as Partial<Draft>),
    }),
    edit: (row: Row) => {
      setEditing(row);
      setDraft(draftOf(row));
    },
    stop,
    isSaving: add.isPending || update.isPending,
    submit: (event: FormEvent) => {
      event.preventDefault();
      const body = bodyOf(draft, editing);
      if (editing) update.mutate({ id: editing._id, body }, { onSuccess: stop });
      else add.mutate(body, { onSuccess: stop });
    },
  };
}

/** What a settings section needs of its row editor. */
type RowEditor<Row> = {
  editing: Row | null;
  edit: (row: Row) => void;
  stop: () => void;
  submit: (event: FormEvent) => void;
  isSaving: boolean;
};

type SettingsSectionProps<Row extends Editable> = {
  title: string;
  query: QueryStatesQuery<readonly Row[]>;
  errorTitle: string;
  /** How a row is named in its buttons ("Edit Express") and in the form that edits it. */
  nameOf: (row: Row) => string;
  describe: (row: Row) => ReactNode;
  onRemove: (row: Row) => void;
  editor: RowEditor<Row>;
  addLabel: string;
  formLabel: string;
  /** The form's grid, e.g. "sm:grid-cols-4", and its buttons' span across it. */
  columns: { grid: string; span: string };
  children: ReactNode;
};

/** A settings section: its rows, each with Edit and Remove, and the form that adds or edits one. */
function SettingsSection<Row extends Editable>({
  title,
  query,
  errorTitle,
  nameOf,
  describe,
  onRemove,
  editor,
  addLabel,
  formLabel,
  columns,
  children,
}: SettingsSectionProps<Row>) {
  return (
    <CardSection aria-label={title}>
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <QueryStates query={query} pending={<Spinner />} errorTitle={errorTitle}>
        {(rows) => (
          <ul className="mt-3 divide-y divide-line">
            {rows.map((row) => (
              <li key={row._id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                <span>{describe(row)}</span>
                <span className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => editor.edit(row)}>
                    {t("money.edit", { name: nameOf(row) })}
                  </Button>
                  <Button size="sm" variant="light" onClick={() => onRemove(row)}>
                    {t("money.remove", { name: nameOf(row) })}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <form
        onSubmit={editor.submit}
        aria-label={editor.editing ? t("money.edit", { name: nameOf(editor.editing) }) : formLabel}
        className={cn("mt-4 grid gap-3 sm:items-end", columns.grid)}
      >
        {children}
        <div className={cn("flex flex-wrap gap-2", columns.span)}>
          <Button submit isLoading={editor.isSaving}>
            {editor.editing ? t("money.saveChanges") : addLabel}
          </Button>
          {editor.editing ? (
            <Button variant="light" onClick={editor.stop}>
              {t("money.cancel")}
            </Button>
          ) : null}
        </div>
      </form>
    </CardSection>
  );
}

function ActiveCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

type ShippingDraft = { name: string; price: string; freeFrom: string; active: boolean };
const EMPTY_SHIPPING: ShippingDraft = { name: "", price: "", freeFrom: "", active: true };
const shippingDraftOf = (method: ShippingMethod): ShippingDraft => ({
  name: method.name,
  price: plainAmount(method.price),
  freeFrom: method.freeFrom === null ? "" : plainAmount(method.freeFrom),
  active: method.active,
});

function ShippingSection() {
  const methods = useShippingMethods();
  const remove = useDeleteShippingMethod();
  const editor = useRowEditor({
    empty: EMPTY_SHIPPING,
    draftOf: shippingDraftOf,
    bodyOf: (draft, editing: ShippingMethod | null) => ({
      name: draft.name,
      description: editing?.description ?? "",
      price: dollars(draft.price) ?? Number.NaN,
      freeFrom: dollars(draft.freeFrom),
      active: draft.active,
      sortOrder: editing?.sortOrder ?? methods.data?.length ?? 0,
    }),
    add: useAddShippingMethod(),
    update: useUpdateShippingMethod(),
  });
  return (
    <SettingsSection
      title={t("money.shipping.title")}
      query={methods}
      errorTitle={t("money.shipping.loadError")}
      nameOf={(method) => method.name}
      describe={(method) => (
        <>
          <span className="font-medium">{method.name}</span> · {formatPrice(method.price)}
          {method.freeFrom !== null
            ? ` · ${t("money.shipping.freeFrom", { amount: formatPrice(method.freeFrom) })}`
            : ""}
          {method.active ? "" : ` · ${t("money.inactive")}`}
        </>
      )}
      onRemove={(method) => remove.mutate(method._id)}
      editor={editor}
      addLabel={t("money.shipping.add")}
      formLabel={t("money.shipping.formLabel")}
      columns={{ grid: "sm:grid-cols-4", span: "sm:col-span-4" }}
    >
      <DraftInput label={t("money.shipping.name")} {...editor.field("name")} />
      <DraftInput
        label={t("money.shipping.price", { currency: currencyLabel() })}
        inputMode="decimal"
        {...editor.field("price")}
      />
      <DraftInput
        label={t("money.shipping.freeFromField", { currency: currencyLabel() })}
        inputMode="decimal"
        {...editor.field("freeFrom")}
      />
      <ActiveCheckbox
        label={t("money.shipping.offered")}
        checked={editor.draft.active}
        onChange={(active) => editor.set({ active })}
      />
    </SettingsSection>
  );
}

type CouponDraft = {
  code: string;
  kind: "percent" | "fixed";
  value: string;
  minimum: string;
  limit: string;
  startsOn: string;
  endsOn: string;
  active: boolean;
};
const EMPTY_COUPON: CouponDraft = {
  code: "",
  kind: "percent",
  value: "",
  minimum: "",
  limit: "",
  startsOn: "",
  endsOn: "",
  active: true,
};
const couponDraftOf = (coupon: Coupon): CouponDraft => ({
  code: coupon.code,
  kind: coupon.kind,
  value: String(coupon.value),
  minimum: coupon.minSubtotal > 0 ? plainAmount(coupon.minSubtotal) : "",
  limit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
  startsOn: dayOf(coupon.startsAt),
  endsOn: dayOf(coupon.endsAt),
  active: coupon.active,
});

function CouponSection() {
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const editor = useRowEditor({
    empty: EMPTY_COUPON,
    draftOf: couponDraftOf,
    bodyOf: (draft) => ({
      code: draft.code,
      kind: draft.kind,
      value: Number(draft.value),
      minSubtotal: dollars(draft.minimum) ?? 0,
      usageLimit: draft.limit.trim() === "" ? null : Number(draft.limit),
      startsAt: dayStart(draft.startsOn),
      endsAt: dayEnd(draft.endsOn),
      active: draft.active,
    }),
    add: useAddCoupon(),
    update: useUpdateCoupon(),
  });
  return (
    <SettingsSection
      title={t("money.coupons.title")}
      query={coupons}
      errorTitle={t("money.coupons.loadError")}
      nameOf={(coupon) => coupon.code}
      describe={(coupon) => (
        <>
          <span className="font-mono font-medium">{coupon.code}</span> ·{" "}
          {coupon.kind === "percent"
            ? t("money.coupons.percentOff", { value: coupon.value })
            : t("money.coupons.amountOff", { amount: formatPrice(coupon.value) })}
          {coupon.minSubtotal > 0
            ? ` · ${t("money.coupons.minimum", { amount: formatPrice(coupon.minSubtotal) })}`
            : ""}
          {" · "}
          {coupon.usageLimit !== null
            ? t("money.coupons.usedOf", { used: coupon.used, limit: coupon.usageLimit })
            : t("money.coupons.used", { used: coupon.used })}
          {coupon.startsAt ? ` · ${t("money.coupons.startsOn", { day: dayOf(coupon.startsAt) })}` : ""}
          {coupon.endsAt ? ` · ${t("money.coupons.endsOn", { day: dayOf(coupon.endsAt) })}` : ""}
          {coupon.active ? "" : ` · ${t("money.inactive")}`}
        </>
      )}
      onRemove={(coupon) => remove.mutate(coupon._id)}
      editor={editor}
      addLabel={t("money.coupons.add")}
      formLabel={t("money.coupons.formLabel")}
      columns={{ grid: "sm:grid-cols-3", span: "sm:col-span-3" }}
    >
      <DraftInput label={t("money.coupons.code")} {...editor.field("code")} />
      <FormField label={t("money.coupons.kind")}>
        {(control) => (
          <select
            {...control}
            value={editor.draft.kind}
            onChange={(event) => editor.set({ kind: event.target.value as CouponDraft["kind"] })}
            className={inputClass}
          >
            <option value="percent">{t("money.coupons.percent")}</option>
            <option value="fixed">{t("money.coupons.fixed", { currency: currencyLabel() })}</option>
          </select>
        )}
      </FormField>
      <DraftInput label={t("money.coupons.value")} inputMode="decimal" {...editor.field("value")} />
      <DraftInput
        label={t("money.coupons.minimumField", { currency: currencyLabel() })}
        inputMode="decimal"
        {...editor.field("minimum")}
      />
      <DraftInput label={t("money.coupons.limit")} inputMode="numeric" {...editor.field("limit")} />
      <ActiveCheckbox
        label={t("money.coupons.active")}
        checked={editor.draft.active}
        onChange={(active) => editor.set({ active })}
      />
      <DraftInput label={t("money.coupons.startsField")} type="date" {...editor.field("startsOn")} />
      <DraftInput label={t("money.coupons.endsField")} type="date" {...editor.field("endsOn")} />
    </SettingsSection>
  );
}
