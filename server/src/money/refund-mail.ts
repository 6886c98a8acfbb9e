import { DELETED_ACCOUNT } from "../account/service";
import type { Db } from "../db/client";
import { refundMail, returnMail } from "../mail/order-mail";
import { enqueueMails } from "../mail/outbox";
import { getOrder } from "../orders/service";
import type { SucceededRefund } from "./refunds";

/**
 * Tells each shopper of a refund the provider confirmed, with the order's figures after it.
 * Queued after the refund is marked: a crash in between loses this mail, never the refund.
 */
export async function mailRefunds(db: Db, succeeded: readonly SucceededRefund[]): Promise<number> {
  const mails = [];
  for (const refund of succeeded) {
    const order = await getOrder(db, refund.orderId);
    // An order whose account was deleted has no address left to write to.
    if (order.email !== DELETED_ACCOUNT) mails.push(refundMail(order, refund));
  }
  await enqueueMails(db, mails);
  return mails.length;
}

/** Tells the shopper the admin approved or rejected the return of these lines. */
export async function mailReturnDecision(
  db: Db,
  decision: "approved" | "rejected",
  orderId: string,
  lineIds: readonly string[],
): Promise<number> {
  const order = await getOrder(db, orderId);
  if (order.email === DELETED_ACCOUNT) return 0;
  await enqueueMails(db, [
    returnMail(decision === "approved" ? "return-approved" : "return-rejected", order, lineIds),
  ]);
  return 1;
}
