import type { Db } from "../db/client";
import { refundMail, returnMail, type OrderMail } from "../mail/order-mail";
import { enqueueMails } from "../mail/outbox";
import { prepareOrderMail } from "../orders/order-links";
import { getOrder } from "../orders/service";
import type { SucceededRefund } from "./refunds";

/**
 * Queues the mails in one transaction, each made ready by prepareOrderMail (a guest's opens the
 * order through a fresh private link; a deleted account's is dropped); answers how many.
 */
async function enqueueOrderMails(db: Db, mails: OrderMail[]): Promise<number> {
  return db.transaction(async (tx) => {
    const ready = [];
    for (const mail of mails) {
      const prepared = await prepareOrderMail(tx, mail);
      if (prepared) ready.push(prepared);
    }
    await enqueueMails(tx, ready);
    return ready.length;
  });
}

/**
 * Tells each shopper of a refund the provider confirmed, with the order's figures after it.
 * Queued after the refund is marked: a crash in between loses this mail, never the refund.
 */
export async function mailRefunds(db: Db, succeeded: readonly SucceededRefund[]): Promise<number> {
  const mails = [];
  for (const refund of succeeded) mails.push(refundMail(await getOrder(db, refund.orderId), refund));
  return enqueueOrderMails(db, mails);
}

/** Tells the shopper the admin approved or rejected the return of these lines. */
export async function mailReturnDecision(
  db: Db,
  decision: "approved" | "rejected",
  orderId: string,
  lineIds: readonly string[],
): Promise<number> {
  const order = await getOrder(db, orderId);
  return enqueueOrderMails(db, [
    returnMail(decision === "approved" ? "return-approved" : "return-rejected", order, lineIds),
  ]);
}
