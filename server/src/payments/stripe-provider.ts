import type Stripe from "stripe";
import type { StripeConfig } from "../config";
import {
  WebhookSignatureError,
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentEventMeaning,
  type RedirectPaymentProvider,
  type RefundResult,
} from "./provider";

/** Stripe refuses a Checkout Session that expires sooner than this; our own sweeper ends it earlier. */
const STRIPE_MINIMUM_SESSION_MS = 30 * 60_000;
/** A little over the minimum: the request takes a moment to reach Stripe. */
const SESSION_MARGIN_MS = 60_000;

const MEANINGS: Record<string, PaymentEventMeaning> = {
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

type Session = Stripe.Checkout.Session;

const sessionStatusOf = (status: string) =>
  status === "complete" ? "complete" : status === "expired" ? "expired" : "open";

function stateOf(session: Session): CheckoutSessionState {
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    orderId: session.client_reference_id ?? session.metadata?.["order_id"] ?? null,
    status: sessionStatusOf(String(session.status)),
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentId: typeof intent === "string" ? intent : (intent?.id ?? null),
  };
}

/** Errors that say the request was refused (not that Stripe could not be reached). */
const isRefusal = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Error &&
  "type" in error &&
  (error.type === "StripeInvalidRequestError" || error.type === "StripeCardError");

/**
 * Stripe's hosted Checkout through the official package; `apiUrl` points it at Stripe or at a
 * Stripe-compatible stand-in (server/test/support/stripe-stand-in.ts). Loaded only when chosen.
 */
export async function createStripePaymentProvider(config: StripeConfig): Promise<RedirectPaymentProvider> {
  const { default: StripeClient } = await import("stripe");
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === "http:" ? "http" : "https";
  const stripe = new StripeClient(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
    // Every write carries our idempotency key, so the package's own retries are safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const testMode = /^(sk|rk)_test_/.test(config.secretKey);
  const dashboard = `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/`;

  return {
    name: "stripe",
    flow: "redirect",
    testMode,
    testCards: [],
    dashboardUrl: (paymentId) => (paymentId.startsWith("pi_") ? `${dashboard}${paymentId}` : null),

    async createSession(request) {
      const expiresAt = Math.max(
        request.expiresAt.getTime(),
        Date.now() + STRIPE_MINIMUM_SESSION_MS + SESSION_MARGIN_MS,
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          // One line for the whole order: the amount is exactly our total (discount, shipping and
          // tax included), computed on the server (docs/decisions/019-checkout-money.md).
          line_items: [
            {
              quantity: 1,
              price_data: {
                // Stripe wants the code in lower case and the amount in the currency's smallest
                // unit, which is our minor unit for every currency config.ts lets Stripe take
                // (zero-decimal JPY as whole yen; decision 040).
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: `Order #${request.orderNumber}` },
              },
            },
          ],
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId, order_number: String(request.orderNumber) },
          payment_intent_data: { metadata: { order_id: request.orderId } },
          customer_email: request.email,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil(expiresAt / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async expireSession(sessionId) {
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Only open sessions can be expired: it was completed (or expired) meanwhile; read it.
        if (!isRefusal(error)) throw error;
        return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
      }
    },

    async refund(paymentId, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          return {
            status: "failed",
            message: `Stripe could not refund it (${refund.failure_reason ?? refund.status}).`,
          };
        }
        return { status: "succeeded", reference: refund.id };
      } catch (error) {
        if (isRefusal(error))
          return { status: "failed", message: `Stripe refused the refund: ${error.message}` };
        // Unreachable, rate-limited or a server error: the intent stays pending and is sent again.
        throw error;
      }
    },

    verifyWebhook(rawBody, signature): PaymentEvent {
      if (!signature) throw new WebhookSignatureError("No Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // Stripe's default tolerance (300 s) refuses replays of old signed bodies.
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const object = event.data.object as { object?: string };
      const session = object.object === "checkout.session" ? stateOf(object as Session) : null;
      let meaning: PaymentEventMeaning = session ? (MEANINGS[event.type] ?? "ignored") : "ignored";
      if (session && event.type === "checkout.session.completed") {
        // A delayed method (a bank debit) completes unpaid; its async_payment_* event follows.
        meaning = session.paid ? "paid" : "completed-unpaid";
      }
      return { id: event.id, type: event.type, meaning, session };
    },
  };
}
