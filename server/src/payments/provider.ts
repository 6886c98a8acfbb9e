import type { Card } from "@shop/contract/orders";

export interface ChargeRequest {
  amountCents: number;
  currency: "usd";
  card: Card;
  /** Our idempotency key: a provider that supports one must not charge twice for it. */
  reference: string;
}

export type ChargeResult =
  | { status: "succeeded"; reference: string; last4: string }
  | { status: "declined"; message: string }
  | { status: "invalid"; field: "number" | "expiry" | "cvc"; message: string };

export type RefundResult = { status: "succeeded"; reference: string } | { status: "failed"; message: string };

/**
 * What the shop needs from a payment service. The built-in one is a test mode; a real provider
 * (Stripe, Adyen …) implements the same interface and is chosen in createPaymentProvider().
 */
export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  /** Cards to show on the checkout page in test mode. */
  readonly testCards: readonly { number: string; outcome: string }[];
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives back `amountCents` of the payment `paymentId` (the reference charge() answered). The
   * same `idempotencyKey` must never refund twice: a retry answers the first result.
   */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
}
