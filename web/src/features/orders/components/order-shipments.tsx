import { FULFILMENT_MESSAGES, shipBodySchema } from "@shop/contract/fulfilment";
import type { Order } from "@shop/contract/orders";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/text-field";
import { useCarriers, useMarkParcelDelivered, useShipParcel } from "@/features/orders/api/fulfilment";
import { t } from "@/features/orders/messages";
import { formatOrderDate } from "@/features/orders/utils/order-format";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

type Line = Order["lines"][number];

const lineName = (line: Line) =>
  line.options.length === 0
    ? line.name
    : `${line.name} (${line.options.map((option) => `${option.name}: ${option.value}`).join(", ")})`;

/**
 * The order's parcels, each with its carrier, tracking number, link and what it holds; an admin
 * sends a parcel (all that is left, or some units of some lines) and marks one delivered.
 */
export function OrderShipments({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const unshipped = order.lines.some((line) => line.shipped < line.quantity);
  const canShip = isAdmin && order.status === "paid" && unshipped;
  if (order.shipments.length === 0 && !canShip) return null;
  return (
    <CardSection aria-label={t("orders.parcels.heading")}>
      <h3 className="text-lg font-semibold text-ink">{t("orders.parcels.heading")}</h3>
      {order.shipments.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">{t("orders.parcels.none")}</p>
      ) : (
        <ol aria-label={t("orders.parcels.sentLabel")} className="mt-3 divide-y divide-line">
          {order.shipments.map((parcel, index) => (
            <Parcel key={parcel._id} order={order} parcel={parcel} index={index} isAdmin={isAdmin} />
          ))}
        </ol>
      )}
      {/* A new form after each parcel: its units start again from what is left. */}
      {canShip ? <ShipForm key={order.shipments.length} order={order} /> : null}
    </CardSection>
  );
}

function Parcel({
  order,
  parcel,
  index,
  isAdmin,
}: {
  order: Order;
  parcel: Order["shipments"][number];
  index: number;
  isAdmin: boolean;
}) {
  const markDelivered = useMarkParcelDelivered();
  const number = index + 1;
  const title = t("orders.parcel.title", { number });
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {title} · {parcel.carrier} <span className="break-all">{parcel.trackingNumber}</span>
        </p>
        <p className="text-sm text-ink-muted">
          {parcel.status === "delivered" && parcel.deliveredAt
            ? t("orders.parcel.delivered", { date: formatOrderDate(parcel.deliveredAt) })
            : t("orders.parcel.onItsWay", { date: formatOrderDate(parcel.shippedAt) })}
        </p>
        <ul className="mt-1 text-sm text-ink">
          {parcel.lines.map((entry) => {
            const line = order.lines.find((candidate) => candidate._id === entry.orderLineId);
            return line ? (
              <li key={entry.orderLineId}>
                {entry.quantity} × {lineName(line)}
              </li>
            ) : null;
          })}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        {parcel.trackingUrl ? (
          <a
            href={parcel.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:bg-brand-50"
          >
            {t("orders.parcel.track", { number, carrier: parcel.carrier })}
            <span className="sr-only"> {t("orders.opensNewTab")}</span>
          </a>
        ) : null}
        {isAdmin && parcel.status === "shipped" ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={markDelivered.isPending}
            onClick={() =>
              markDelivered.mutate(
                { orderId: order._id, shipmentId: parcel._id },
                { onSuccess: () => notifyUpdated(t("orders.parcel.deliveredToast", { number })) },
              )
            }
          >
            {t("orders.parcel.markDelivered", { number })}
          </Button>
        ) : null}
      </div>
      {markDelivered.isError ? (
        <FormAlert className="sm:basis-full">{getErrorMessage(markDelivered.error)}</FormAlert>
      ) : null}
    </li>
  );
}

/** The admin's parcel: a carrier, its tracking number and how many units of each line go in it. */
function ShipForm({ order }: { order: Order }) {
  const ship = useShipParcel();
  const carriers = useCarriers(true);
  const left = order.lines.filter((line) => line.shipped < line.quantity);
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [units, setUnits] = useState<Record<string, string>>(() =>
    Object.fromEntries(left.map((line) => [line._id, String(line.quantity - line.shipped)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const lines = [];
    for (const line of left) {
      const text = (units[line._id] ?? "").trim();
      const count = text === "" ? 0 : Number(text);
      if (!Number.isInteger(count) || count < 0 || count > line.quantity - line.shipped) {
        found[line._id] = t("orders.ship.unitsRange", { max: line.quantity - line.shipped });
      } else if (count > 0) lines.push({ orderLineId: line._id, quantity: count });
    }
    const parsed = shipBodySchema.safeParse({ carrier, trackingNumber, lines });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === "lines") found.lines = FULFILMENT_MESSAGES.linesRequired;
        else found[field] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    ship.mutate(
      { orderId: order._id, parcel: { carrier, trackingNumber, lines } },
      {
        onSuccess: (updated) => {
          notifyUpdated(t("orders.ship.sent", { number: updated.shipments.length, carrier: carrier.trim() }));
          setTrackingNumber("");
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={t("orders.ship.heading")}
      onSubmit={submit}
      className="mt-4 flex flex-col gap-4 border-t border-line pt-4"
    >
      <h4 className="font-semibold text-ink">{t("orders.ship.heading")}</h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("orders.ship.carrier")}
          list={`carriers-${order._id}`}
          autoComplete="off"
          required
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
          error={errors.carrier}
          hint={t("orders.ship.carrierHint")}
        />
        <datalist id={`carriers-${order._id}`}>
          {(carriers.data ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextField
          label={t("orders.ship.trackingNumber")}
          autoComplete="off"
          required
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
          error={errors.trackingNumber}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-ink">{t("orders.ship.units")}</legend>
        {left.map((line) => (
          <TextField
            key={line._id}
            label={t("orders.ship.unitsLabel", { name: lineName(line), left: line.quantity - line.shipped })}
            inputMode="numeric"
            autoComplete="off"
            value={units[line._id] ?? ""}
            onChange={(event) => setUnits((current) => ({ ...current, [line._id]: event.target.value }))}
            error={errors[line._id]}
            className="sm:max-w-md"
          />
        ))}
      </fieldset>
      <FormAlert>{errors.lines ?? (ship.isError ? getErrorMessage(ship.error) : null)}</FormAlert>
      <div>
        <Button submit isLoading={ship.isPending}>
          {t("orders.ship.submit")}
        </Button>
      </div>
    </form>
  );
}
