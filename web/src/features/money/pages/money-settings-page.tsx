import type { Coupon, MoneySettings, ShippingMethod } from "@shop/contract/money";
import { useId, useState, type FormEvent, type ReactNode } from "react";

import { Button } from "@/components/button";
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
const card = "rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6";

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

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
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
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
    <section aria-label="Tax and returns" className={card}>
      <h2 className="text-lg font-semibold text-ink">Tax and returns</h2>
      <QueryStates query={settings} pending={<Spinner />} errorTitle="We couldn’t load the settings">
        {(current) => <TaxForm current={current} />}
      </QueryStates>
    </section>
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

/** The row a settings form edits (null while it adds a new one) and the form's draft. */
function useRowEditor<Row, Draft>(empty: Draft, draftOf: (row: Row) => Draft) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  return {
    editing,
    draft,
    set: (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes })),
    edit: (row: Row) => {
      setEditing(row);
      setDraft(draftOf(row));
    },
    stop: () => {
      setEditing(null);
      setDraft(empty);
    },
  };
}

type SettingsRowsProps<Row extends Editable> = {
  query: QueryStatesQuery<readonly Row[]>;
  errorTitle: string;
  /** How a row is named in its buttons ("Edit Express"). */
  nameOf: (row: Row) => string;
  describe: (row: Row) => ReactNode;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
};

/** The rows of a settings section, each with its Edit and Remove buttons. */
function SettingsRows<Row extends Editable>({
  query,
  errorTitle,
  nameOf,
  describe,
  onEdit,
  onRemove,
}: SettingsRowsProps<Row>) {
  return (
    <QueryStates query={query} pending={<Spinner />} errorTitle={errorTitle}>
      {(rows) => (
        <ul className="mt-3 divide-y divide-line">
          {rows.map((row) => (
            <li key={row._id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
              <span>{describe(row)}</span>
              <span className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => onEdit(row)}>
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
  );
}

/** A settings form's buttons: add (or save the row being edited), and cancel the edit. */
function FormActions({
  addLabel,
  isEditing,
  isSaving,
  onCancel,
  className,
}: {
  addLabel: string;
  isEditing: boolean;
  isSaving: boolean;
  onCancel: () => void;
  className: string;
}) {
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button submit isLoading={isSaving}>
        {isEditing ? "Save changes" : addLabel}
      </Button>
      {isEditing ? (
        <Button variant="light" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
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
  price: method.price.toFixed(2),
  freeFrom: method.freeFrom === null ? "" : method.freeFrom.toFixed(2),
  active: method.active,
});

function ShippingSection() {
  const methods = useShippingMethods();
  const add = useAddShippingMethod();
  const update = useUpdateShippingMethod();
  const remove = useDeleteShippingMethod();
  const { editing, draft, set, edit, stop } = useRowEditor(EMPTY_SHIPPING, shippingDraftOf);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: draft.name,
      description: editing?.description ?? "",
      price: dollars(draft.price) ?? Number.NaN,
      freeFrom: dollars(draft.freeFrom),
      active: draft.active,
      sortOrder: editing?.sortOrder ?? methods.data?.length ?? 0,
    };
    if (editing) update.mutate({ id: editing._id, body }, { onSuccess: stop });
    else add.mutate(body, { onSuccess: stop });
  };
  return (
    <section aria-label="Shipping methods" className={card}>
      <h2 className="text-lg font-semibold text-ink">Shipping methods</h2>
      <SettingsRows
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
        onEdit={edit}
        onRemove={(method) => remove.mutate(method._id)}
      />
      <form
        onSubmit={submit}
        aria-label={editing ? `Edit ${editing.name}` : "Add a shipping method"}
        className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end"
      >
        <DraftInput label="Name" value={draft.name} onChange={(value) => set({ name: value })} />
        <DraftInput
          label="Price ($)"
          inputMode="decimal"
          value={draft.price}
          onChange={(value) => set({ price: value })}
        />
        <DraftInput
          label="Free from ($, optional)"
          inputMode="decimal"
          value={draft.freeFrom}
          onChange={(value) => set({ freeFrom: value })}
        />
        <ActiveCheckbox
          label="Offered at checkout"
          checked={draft.active}
          onChange={(active) => set({ active })}
        />
        <FormActions
          addLabel="Add method"
          isEditing={editing !== null}
          isSaving={add.isPending || update.isPending}
          onCancel={stop}
          className="sm:col-span-4"
        />
      </form>
    </section>
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
  minimum: coupon.minSubtotal > 0 ? coupon.minSubtotal.toFixed(2) : "",
  limit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
  startsOn: dayOf(coupon.startsAt),
  endsOn: dayOf(coupon.endsAt),
  active: coupon.active,
});

function CouponSection() {
  const coupons = useCoupons();
  const add = useAddCoupon();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const { editing, draft, set, edit, stop } = useRowEditor(EMPTY_COUPON, couponDraftOf);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      code: draft.code,
      kind: draft.kind,
      value: Number(draft.value),
      minSubtotal: dollars(draft.minimum) ?? 0,
      usageLimit: draft.limit.trim() === "" ? null : Number(draft.limit),
      startsAt: dayStart(draft.startsOn),
      endsAt: dayEnd(draft.endsOn),
      active: draft.active,
    };
    if (editing) update.mutate({ id: editing._id, body }, { onSuccess: stop });
    else add.mutate(body, { onSuccess: stop });
  };
  return (
    <section aria-label="Coupons" className={card}>
      <h2 className="text-lg font-semibold text-ink">Coupons</h2>
      <SettingsRows
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
        onEdit={edit}
        onRemove={(coupon) => remove.mutate(coupon._id)}
      />
      <form
        onSubmit={submit}
        aria-label={editing ? `Edit ${editing.code}` : "Add a coupon"}
        className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end"
      >
        <DraftInput label="Code" value={draft.code} onChange={(value) => set({ code: value })} />
        <Field label="Kind">
          {(id) => (
            <select
              id={id}
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as "percent" | "fixed" })}
              className={inputClass}
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off ($)</option>
            </select>
          )}
        </Field>
        <DraftInput
          label="Value"
          inputMode="decimal"
          value={draft.value}
          onChange={(value) => set({ value })}
        />
        <DraftInput
          label="Minimum spend ($, optional)"
          inputMode="decimal"
          value={draft.minimum}
          onChange={(value) => set({ minimum: value })}
        />
        <DraftInput
          label="Usage limit (optional)"
          inputMode="numeric"
          value={draft.limit}
          onChange={(value) => set({ limit: value })}
        />
        <ActiveCheckbox label="Can be used" checked={draft.active} onChange={(active) => set({ active })} />
        <DraftInput
          label="Starts on (optional)"
          type="date"
          value={draft.startsOn}
          onChange={(value) => set({ startsOn: value })}
        />
        <DraftInput
          label="Ends on (optional)"
          type="date"
          value={draft.endsOn}
          onChange={(value) => set({ endsOn: value })}
        />
        <FormActions
          addLabel="Add coupon"
          isEditing={editing !== null}
          isSaving={add.isPending || update.isPending}
          onCancel={stop}
          className="sm:col-span-3"
        />
      </form>
    </section>
  );
}
