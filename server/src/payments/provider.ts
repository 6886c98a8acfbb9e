import type { Card } from "@shop/contract/orders";

export interface ChargeRequest {
  /** In the currency's minor units (decision 040). */
  amountCents: number;
  /** ISO 4217, upper case (SHOP_CURRENCY); each provider writes it as it wants it. */
  currency: string;
  card: Card;
  /** Our idempotency key: a provider that supports one must not charge twice for it. */
  reference: string;
}

export type ChargeResult =
  | { status: "succeeded"; reference: string; last4: string }
  | { status: "declined"; message: string }
  | { status: "invalid"; field: "number" | "expiry" | "cvc"; message: string };

export type RefundResult = { status: "succeeded"; reference: string } | { status: "failed"; message: string };

interface ProviderBase {
  readonly name: string;
  readonly testMode: boolean;
  /** Cards to show on the checkout page in test mode. */
  readonly testCards: readonly { number: string; outcome: string }[];
  /**
   * Gives back `amountCents` of the payment `paymentId` (the reference charge() answered). The
   * same `idempotencyKey` must never refund twice: a retry answers the first result. Throws when
   * the provider could not be reached (the refund stays pending and is sent again).
   */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /** The payment on the provider's dashboard, for the admin; null when it has none. */
  dashboardUrl(paymentId: string): string | null;
}

/** Card details typed on our own checkout page, charged inside the checkout (the test mode). */
export interface CardPaymentProvider extends ProviderBase {
  readonly flow: "card";
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export interface CheckoutSessionRequest {
  orderId: string;
  orderNumber: number;
  /** In the currency's minor units (decision 040). */
  amountCents: number;
  /** ISO 4217, upper case (SHOP_CURRENCY); each provider writes it as it wants it. */
  currency: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
  /** When the provider should stop taking the payment (it may round up to its own minimum). */
  expiresAt: Date;
  /** The provider's idempotency key: a retried checkout gets the same session. */
  idempotencyKey: string;
}

/** A hosted checkout session as the provider reports it. */
export interface CheckoutSessionState {
  sessionId: string;
  /** Our order id, as we gave it to the provider (client_reference_id). */
  orderId: string | null;
  status: "open" | "complete" | "expired";
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
  /** The payment (Stripe: the PaymentIntent) that refunds go against. */
  paymentId: string | null;
}

/** What an event from the provider means for the order it names. */
export type PaymentEventMeaning = "paid" | "failed" | "expired" | "completed-unpaid" | "ignored";

export interface PaymentEvent {
  id: string;
  type: string;
  meaning: PaymentEventMeaning;
  session: CheckoutSessionState | null;
}

/** The shopper pays on the provider's page; its signed events tell us the outcome (Stripe Checkout). */
export interface RedirectPaymentProvider extends ProviderBase {
  readonly flow: "redirect";
  createSession(request: CheckoutSessionRequest): Promise<{ sessionId: string; url: string }>;
  /** Ends an open session so it can no longer be paid; answers its state afterwards. */
  expireSession(sessionId: string): Promise<CheckoutSessionState>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/**
 * What the shop needs from a payment service: the built-in test mode (cards on our page), or
 * Stripe's hosted Checkout, chosen by PAYMENT_PROVIDER in createPaymentProvider().
 */
export type PaymentProvider = CardPaymentProvider | RedirectPaymentProvider;
