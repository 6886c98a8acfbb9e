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
      <PageTitle title="Checkout Settings" />
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
    <CardSection aria-label="Tax and returns">
      <h2 className="text-lg font-semibold text-ink">Tax and returns</h2>
      <QueryStates query={settings} pending={<Spinner />} errorTitle="We couldn’t load the settings">
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
      aria-label="Tax and returns"
      className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end"
    >
      <DraftInput label="Tax rate (%)" inputMode="decimal" value={rate} onChange={setRate} />
      <DraftInput label="Return window (days)" inputMode="numeric" value={days} onChange={setDays} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={included} onChange={(e) => setIncluded(e.target.checked)} />
        Prices include tax
      </label>
      <Button submit isLoading={save.isPending}>
        Save
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
                    Edit {nameOf(row)}
                  </Button>
                  <Button size="sm" variant="light" onClick={() => onRemove(row)}>
                    Remove {nameOf(row)}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <form
        onSubmit={editor.submit}
        aria-label={editor.editing ? `Edit ${nameOf(editor.editing)}` : formLabel}
        className={cn("mt-4 grid gap-3 sm:items-end", columns.grid)}
      >
        {children}
        <div className={cn("flex flex-wrap gap-2", columns.span)}>
          <Button submit isLoading={editor.isSaving}>
            {editor.editing ? "Save changes" : addLabel}
          </Button>
          {editor.editing ? (
            <Button variant="light" onClick={editor.stop}>
              Cancel
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
      title="Shipping methods"
      query={methods}
      errorTitle="We couldn’t load the shipping methods"
      nameOf={(method) => method.name}
      describe={(method) => (
        <>
          <span className="font-medium">{method.name}</span> · {formatPrice(method.price)}
          {method.freeFrom !== null ? ` · free from ${formatPrice(method.freeFrom)}` : ""}
          {method.active ? "" : " · inactive"}
        </>
      )}
      onRemove={(method) => remove.mutate(method._id)}
      editor={editor}
      addLabel="Add method"
      formLabel="Add a shipping method"
      columns={{ grid: "sm:grid-cols-4", span: "sm:col-span-4" }}
    >
      <DraftInput label="Name" {...editor.field("name")} />
      <DraftInput label={`Price (${currencyLabel()})`} inputMode="decimal" {...editor.field("price")} />
      <DraftInput
        label={`Free from (${currencyLabel()}, optional)`}
        inputMode="decimal"
        {...editor.field("freeFrom")}
      />
      <ActiveCheckbox
        label="Offered at checkout"
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
      title="Coupons"
      query={coupons}
      errorTitle="We couldn’t load the coupons"
      nameOf={(coupon) => coupon.code}
      describe={(coupon) => (
        <>
          <span className="font-mono font-medium">{coupon.code}</span> ·{" "}
          {coupon.kind === "percent" ? `${coupon.value} % off` : `${formatPrice(coupon.value)} off`}
          {coupon.minSubtotal > 0 ? ` · from ${formatPrice(coupon.minSubtotal)}` : ""} · used {coupon.used}
          {coupon.usageLimit !== null ? ` of ${coupon.usageLimit}` : ""}
          {coupon.startsAt ? ` · from ${dayOf(coupon.startsAt)}` : ""}
          {coupon.endsAt ? ` · until ${dayOf(coupon.endsAt)}` : ""}
          {coupon.active ? "" : " · inactive"}
        </>
      )}
      onRemove={(coupon) => remove.mutate(coupon._id)}
      editor={editor}
      addLabel="Add coupon"
      formLabel="Add a coupon"
      columns={{ grid: "sm:grid-cols-3", span: "sm:col-span-3" }}
    >
      <DraftInput label="Code" {...editor.field("code")} />
      <FormField label="Kind">
        {(control) => (
          <select
            {...control}
            value={editor.draft.kind}
            onChange={(event) => editor.set({ kind: event.target.value as CouponDraft["kind"] })}
            className={inputClass}
          >
            <option value="percent">Percent off</option>
            <option value="fixed">Amount off ({currencyLabel()})</option>
          </select>
        )}
      </FormField>
      <DraftInput label="Value" inputMode="decimal" {...editor.field("value")} />
      <DraftInput
        label={`Minimum spend (${currencyLabel()}, optional)`}
        inputMode="decimal"
        {...editor.field("minimum")}
      />
      <DraftInput label="Usage limit (optional)" inputMode="numeric" {...editor.field("limit")} />
      <ActiveCheckbox
        label="Can be used"
        checked={editor.draft.active}
        onChange={(active) => editor.set({ active })}
      />
      <DraftInput label="Starts on (optional)" type="date" {...editor.field("startsOn")} />
      <DraftInput label="Ends on (optional)" type="date" {...editor.field("endsOn")} />
    </SettingsSection>
  );
}
