import type { Order } from "@shop/contract/orders";
import { useId, useState } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { Price } from "@/components/price";
import { useActOnReturn, useRequestReturn, type ReturnAction } from "@/features/orders/api/returns";
import { t } from "@/features/orders/messages";

/** The admin's next steps for a return in each status. */
const ADMIN_STEPS: Record<string, { label: string; action: ReturnAction }[]> = {
  requested: [
    { label: t("orders.returns.approve"), action: { action: "approve" } },
    { label: t("orders.returns.reject"), action: { action: "reject" } },
  ],
  approved: [
    { label: t("orders.returns.receiveRestock"), action: { action: "receive", restock: true } },
    { label: t("orders.returns.receive"), action: { action: "receive", restock: false } },
  ],
  received: [{ label: t("orders.returns.refund"), action: { action: "refund" } }],
};

/**
 * Returns of an order: each with its lines, value and status; the shopper's form to request one
 * (delivered orders, lines not yet returned; the server checks the window); the admin's steps.
 */
export function OrderReturns({
  order,
  isOwn,
  isAdmin,
  linkToken,
}: {
  order: Order;
  isOwn: boolean;
  isAdmin: boolean;
  /** A guest's order link: requests go through it. */
  linkToken?: string;
}) {
  const returned = new Set(order.returns.flatMap((entry) => entry.lineIds));
  const returnable = order.lines.filter((line) => !returned.has(line._id));
  const canRequest = isOwn && order.status === "delivered" && returnable.length > 0;
  const act = useActOnReturn();
  if (order.returns.length === 0 && !canRequest) return null;
  const nameOf = (lineId: string) =>
    order.lines.find((line) => line._id === lineId)?.name ?? t("orders.returns.item");
  return (
    <CardSection aria-label={t("orders.returns.heading")}>
      <h3 className="text-lg font-semibold text-ink">{t("orders.returns.heading")}</h3>
      {order.returns.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {order.returns.map((entry) => (
            <li key={entry._id} className="rounded-lg border border-line p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">{entry.lineIds.map(nameOf).join(", ")}</span>
                <Price amount={entry.amount} />
              </p>
              <p className="text-ink-muted" data-testid="return-status">
                {t("orders.returns.status", { status: entry.status })}
                {entry.restocked ? ` · ${t("orders.returns.restocked")}` : ""} · “{entry.reason}”
              </p>
              {isAdmin && ADMIN_STEPS[entry.status] ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {ADMIN_STEPS[entry.status]!.map((step) => (
                    <Button
                      key={step.label}
                      size="sm"
                      variant={step.action.action === "reject" ? "light" : "secondary"}
                      isLoading={act.isPending && act.variables?.returnId === entry._id}
                      onClick={() => act.mutate({ returnId: entry._id, action: step.action })}
                    >
                      {step.label}
                    </Button>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canRequest ? <ReturnRequestForm order={order} lines={returnable} linkToken={linkToken} /> : null}
    </CardSection>
  );
}

function ReturnRequestForm({
  order,
  lines,
  linkToken,
}: {
  order: Order;
  lines: Order["lines"];
  linkToken?: string | undefined;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const problemId = useId();
  const request = useRequestReturn(order._id, linkToken);
  return (
    <form
      aria-label={t("orders.returns.requestHeading")}
      className="mt-4 space-y-3 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return setProblem(t("orders.returns.chooseItems"));
        if (!reason.trim()) return setProblem(t("orders.returns.giveReason"));
        setProblem(null);
        request.mutate({ lineIds: chosen, reason: reason.trim() }, { onSuccess: () => setChosen([]) });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t("orders.returns.requestHeading")}</legend>
        {lines.map((line) => (
          <label key={line._id} className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(line._id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, line._id] : current.filter((id) => id !== line._id),
                )
              }
            />
            {line.quantity} × {line.name}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={reasonId} className="text-sm font-semibold text-ink">
          {t("orders.returns.reason")}
        </label>
        <input
          id={reasonId}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
          className="mt-1 w-full rounded-lg border border-line px-3 py-2"
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button submit isLoading={request.isPending}>
        {t("orders.returns.submit")}
      </Button>
    </form>
  );
}
