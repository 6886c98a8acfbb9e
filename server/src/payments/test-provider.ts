import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@shop/contract/orders";
import type { CardPaymentProvider, ChargeRequest, ChargeResult, RefundResult } from "./provider";

export const TEST_CARD_SUCCEEDS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number) as [number, number];
  // A card is valid through the last day of its expiry month.
  return new Date(Date.UTC(2000 + year, month, 1)) <= now;
}

/** What the test provider has refunded, per idempotency key (tests read it). */
export interface TestRefundLedger {
  readonly refunds: Map<string, { paymentId: string; amountCents: number; reference: string }>;
}

/**
 * Moves no money: 4242… succeeds, 4000…0002 is declined, every other number is invalid. Refunds
 * are kept per idempotency key, as a real provider does, so a repeated key refunds once; a
 * refund of more than was charged through this provider fails.
 */
export function createTestPaymentProvider(
  now: () => Date = () => new Date(),
): CardPaymentProvider & TestRefundLedger {
  const charged = new Map<string, number>();
  const refunds = new Map<string, { paymentId: string; amountCents: number; reference: string }>();
  return {
    refunds,
    async refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult> {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return { status: "succeeded", reference: earlier.reference };
      if (!paymentId.startsWith("test_") || !Number.isInteger(amountCents) || amountCents <= 0) {
        return { status: "failed", message: "The test provider knows no such payment." };
      }
      // Payments of another process (or before a restart) are not in memory: only those made here are capped.
      const paid = charged.get(paymentId);
      const already = [...refunds.values()]
        .filter((refund) => refund.paymentId === paymentId)
        .reduce((sum, refund) => sum + refund.amountCents, 0);
      if (paid !== undefined && already + amountCents > paid) {
        return { status: "failed", message: "The refund exceeds the payment." };
      }
      const reference = `test_refund_${randomUUID()}`;
      refunds.set(idempotencyKey, { paymentId, amountCents, reference });
      return { status: "succeeded", reference };
    },
    name: "test",
    flow: "card",
    testMode: true,
    dashboardUrl: () => null,
    testCards: [
      { number: "4242 4242 4242 4242", outcome: "succeeds" },
      { number: "4000 0000 0000 0002", outcome: "is declined" },
    ],
    async charge({ card, amountCents }: ChargeRequest): Promise<ChargeResult> {
      if (isExpired(card.expiry, now()))
        return { status: "invalid", field: "expiry", message: CHECKOUT_MESSAGES.expiryPast };
      if (card.number === TEST_CARD_DECLINED) {
        return {
          status: "declined",
          message: "Your card was declined. No money was taken; try another card.",
        };
      }
      if (card.number !== TEST_CARD_SUCCEEDS) {
        return { status: "invalid", field: "number", message: "This card number is not valid in test mode." };
      }
      const reference = `test_${randomUUID()}`;
      charged.set(reference, amountCents);
      return { status: "succeeded", reference, last4: card.number.slice(-4) };
    },
  };
}
