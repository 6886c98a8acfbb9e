import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { paymentEvents } from "../db/schema";
import type { PaymentEvent } from "../payments/provider";
import {
  applyPaidSession,
  applySessionState,
  lockOrder,
  releaseHold,
  type SessionOutcome,
} from "./payment-holds";

export type EventOutcome = SessionOutcome | "duplicate" | "ignored" | "unknown-order";

const isUuid = (value: string | null): value is string => value !== null && z.uuid().safeParse(value).success;

/**
 * Applies one verified provider event, once. Its id is stored in the transaction that applies
 * it: a repeated delivery finds the id and changes nothing, and the same event arriving on two
 * instances at once waits on the first one's row (primary key) and then finds it, so exactly one
 * paid transition happens. Events out of order are safe because each only moves an order that
 * still awaits its payment (a late "expired" after "paid" changes nothing).
 */
export async function applyPaymentEvent(
  db: Db,
  event: PaymentEvent,
): Promise<{ outcome: EventOutcome; orderId: string | null }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, outcome: "applying" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: "duplicate", orderId: null };
    const record = async (outcome: EventOutcome, orderId: string | null) => {
      await tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, event.id));
      return { outcome, orderId };
    };
    const session = event.session;
    if (event.meaning === "ignored" || !session) return record("ignored", null);
    const row = await lockOrder(tx, {
      ...(isUuid(session.orderId) ? { id: session.orderId } : {}),
      sessionId: session.sessionId,
    });
    if (!row) return record("unknown-order", null);
    switch (event.meaning) {
      case "paid":
        return record(await applyPaidSession(tx, row, session), row.id);
      case "completed-unpaid":
        return record(await applySessionState(tx, row, session, "failed"), row.id);
      case "failed":
      case "expired":
        return record((await releaseHold(tx, row, event.meaning)) ? "released" : "unchanged", row.id);
    }
  });
}
