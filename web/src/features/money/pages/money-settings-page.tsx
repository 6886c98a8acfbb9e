import type { Coupon, MoneySettings, ShippingMethod } from "@shop/contract/money";
import { useId, useState, type FormEvent, type ReactNode } from "react";

import { Button } from "@/components/button";
import { PageTitle } from "@/components/page-title";
import { formatPrice } from "@/components/price";
import { QueryError } from "@/components/query-error";
import { Spinner } from "@/components/spinner";
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
      {settings.isError ? (
        <QueryError
          title="We couldn’t load the settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <TaxForm current={settings.data} />
      ) : (
        <Spinner />
      )}
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
      <Field label="Tax rate (%)">
        {(id) => (
          <input
            id={id}
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Return window (days)">
        {(id) => (
          <input
            id={id}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
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

type ShippingDraft = { name: string; price: string; freeFrom: string; active: boolean };
const EMPTY_SHIPPING: ShippingDraft = { name: "", price: "", freeFrom: "", active: true };

function ShippingSection() {
  const methods = useShippingMethods();
  const add = useAddShippingMethod();
  const update = useUpdateShippingMethod();
  const remove = useDeleteShippingMethod();
  // The method being edited (the form shows it), or null when the form adds a new one.
  const [editing, setEditing] = useState<ShippingMethod | null>(null);
  const [draft, setDraft] = useState<ShippingDraft>(EMPTY_SHIPPING);
  const set = (changes: Partial<ShippingDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const stopEditing = () => {
    setEditing(null);
    setDraft(EMPTY_SHIPPING);
  };
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
    if (editing) update.mutate({ id: editing._id, body }, { onSuccess: stopEditing });
    else add.mutate(body, { onSuccess: stopEditing });
  };
  return (
    <section aria-label="Shipping methods" className={card}>
      <h2 className="text-lg font-semibold text-ink">Shipping methods</h2>
      {methods.isError ? (
        <QueryError
          title="We couldn’t load the shipping methods"
          error={methods.error}
          onRetry={() => void methods.refetch()}
        />
      ) : null}
      <ul className="mt-3 divide-y divide-line">
        {(methods.data ?? []).map((method) => (
          <li key={method._id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium">{method.name}</span> · {formatPrice(method.price)}
              {method.freeFrom !== null ? ` · free from ${formatPrice(method.freeFrom)}` : ""}
              {method.active ? "" : " · inactive"}
            </span>
            <span className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setEditing(method);
                  setDraft({
                    name: method.name,
                    price: method.price.toFixed(2),
                    freeFrom: method.freeFrom === null ? "" : method.freeFrom.toFixed(2),
                    active: method.active,
                  });
                }}
              >
                Edit {method.name}
              </Button>
              <Button size="sm" variant="light" onClick={() => remove.mutate(method._id)}>
                Remove {method.name}
              </Button>
            </span>
          </li>
        ))}
      </ul>
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
        <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
          Offered at checkout
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-4">
          <Button submit isLoading={add.isPending || update.isPending}>
            {editing ? "Save changes" : "Add method"}
          </Button>
          {editing ? (
            <Button variant="light" onClick={stopEditing}>
              Cancel
            </Button>
          ) : null}
        </div>
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

function CouponSection() {
  const coupons = useCoupons();
  const add = useAddCoupon();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [draft, setDraft] = useState<CouponDraft>(EMPTY_COUPON);
  const set = (changes: Partial<CouponDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const stopEditing = () => {
    setEditing(null);
    setDraft(EMPTY_COUPON);
  };
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
    if (editing) update.mutate({ id: editing._id, body }, { onSuccess: stopEditing });
    else add.mutate(body, { onSuccess: stopEditing });
  };
  return (
    <section aria-label="Coupons" className={card}>
      <h2 className="text-lg font-semibold text-ink">Coupons</h2>
      {coupons.isError ? (
        <QueryError
          title="We couldn’t load the coupons"
          error={coupons.error}
          onRetry={() => void coupons.refetch()}
        />
      ) : null}
      <ul className="mt-3 divide-y divide-line">
        {(coupons.data ?? []).map((coupon) => (
          <li key={coupon._id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-mono font-medium">{coupon.code}</span> ·{" "}
              {coupon.kind === "percent" ? `${coupon.value} % off` : `${formatPrice(coupon.value)} off`}
              {coupon.minSubtotal > 0 ? ` · from ${formatPrice(coupon.minSubtotal)}` : ""} · used{" "}
              {coupon.used}
              {coupon.usageLimit !== null ? ` of ${coupon.usageLimit}` : ""}
              {coupon.startsAt ? ` · from ${dayOf(coupon.startsAt)}` : ""}
              {coupon.endsAt ? ` · until ${dayOf(coupon.endsAt)}` : ""}
              {coupon.active ? "" : " · inactive"}
            </span>
            <span className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setEditing(coupon);
                  setDraft({
                    code: coupon.code,
                    kind: coupon.kind,
                    value: String(coupon.value),
                    minimum: coupon.minSubtotal > 0 ? coupon.minSubtotal.toFixed(2) : "",
                    limit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
                    startsOn: dayOf(coupon.startsAt),
                    endsOn: dayOf(coupon.endsAt),
                    active: coupon.active,
                  });
                }}
              >
                Edit {coupon.code}
              </Button>
              <Button size="sm" variant="light" onClick={() => remove.mutate(coupon._id)}>
                Remove {coupon.code}
              </Button>
            </span>
          </li>
        ))}
      </ul>
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
        <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
          Can be used
        </label>
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
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button submit isLoading={add.isPending || update.isPending}>
            {editing ? "Save changes" : "Add coupon"}
          </Button>
          {editing ? (
            <Button variant="light" onClick={stopEditing}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
