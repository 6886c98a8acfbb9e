import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@shop/contract/orders";
import type { ChargeRequest, ChargeResult, PaymentProvider } from "./provider";

export const TEST_CARD_SUCCEEDS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number) as [number, number];
  // A card is valid through the last day of its expiry month.
  return new Date(Date.UTC(2000 + year, month, 1)) <= now;
}

/** Moves no money: 4242… succeeds, 4000…0002 is declined, every other number is invalid. */
export function createTestPaymentProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: "test",
    testMode: true,
    testCards: [
      { number: "4242 4242 4242 4242", outcome: "succeeds" },
      { number: "4000 0000 0000 0002", outcome: "is declined" },
    ],
    async charge({ card }: ChargeRequest): Promise<ChargeResult> {
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
      return { status: "succeeded", reference: `test_${randomUUID()}`, last4: card.number.slice(-4) };
    },
  };
}
