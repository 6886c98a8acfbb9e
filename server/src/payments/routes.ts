import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { orderLines } from "../db/schema";
import { badRequest, HttpProblem } from "../http/problem";
import { applyPaymentEvent } from "../orders/payment-events";
import { releaseExpiredHolds } from "../orders/payment-holds";
import { runPeriodically } from "../plugins/periodic-task";
import { WebhookSignatureError, type RedirectPaymentProvider } from "./provider";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The products whose stock these orders gave back: their cached answers are stale. */
async function stockChanged(app: FastifyInstance, orderIds: string[]) {
  if (orderIds.length === 0) return;
  const rows = await app.database.db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
  await app.catalogueChanged({ stockOf: rows.flatMap((row) => (row.productId ? [row.productId] : [])) });
}

/**
 * Runs the hold sweeper on every instance: often enough that a hold ends within a quarter of its
 * length (at most a minute late), and never more than once a second.
 */
function startHoldSweeper(app: FastifyInstance, provider: RedirectPaymentProvider) {
  const everyMs = Math.min(60_000, Math.max(1_000, (app.config.paymentHoldMinutes * 60_000) / 4));
  runPeriodically(app, { everyMs, name: "payment hold sweep" }, async () => {
    const changed = await releaseExpiredHolds(app.database.db, provider, undefined, (error, orderId) =>
      app.log.warn({ err: error, orderId }, "payment hold: the provider could not expire the session"),
    );
    await stockChanged(app, changed);
  });
}

/** Stripe's webhook (only with PAYMENT_PROVIDER=stripe) and the sweeper of unpaid orders' holds. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;
  if (provider.flow === "redirect") startHoldSweeper(app, provider);

  // The signature covers the exact bytes Stripe sent: this scope keeps the body raw.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/payments/stripe/webhook",
    {
      schema: {
        tags: ["payments"],
        summary: "Stripe's signed events: a Checkout Session paid, failed or expired",
        headers: z.object({ "stripe-signature": z.string().optional() }),
        response: { 200: z.object({ received: z.boolean(), outcome: z.string() }) },
      },
    },
    async (request) => {
      if (provider.flow !== "redirect") {
        throw new HttpProblem(
          404,
          "Not Found",
          "This shop does not take Stripe payments (PAYMENT_PROVIDER is not stripe).",
        );
      }
      if (!Buffer.isBuffer(request.body)) throw badRequest("The body must be Stripe's JSON event.");
      let event;
      try {
        event = provider.verifyWebhook(request.body, request.headers["stripe-signature"]);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, "stripe webhook: signature refused");
        throw badRequest("The Stripe-Signature does not match this body.");
      }
      const { outcome, orderId } = await applyPaymentEvent(app.database.db, event);
      const logLine = { eventId: event.id, type: event.type, orderId, outcome };
      // An order we do not know (another shop on the same Stripe account): acknowledged, so
      // Stripe stops retrying, and logged for whoever looks.
      if (outcome === "unknown-order" || outcome === "flagged") request.log.warn(logLine, "stripe webhook");
      else request.log.info(logLine, "stripe webhook");
      if (outcome === "paid") app.mailSender.wake();
      if (outcome === "released" && orderId) await stockChanged(app, [orderId]);
      return { received: true, outcome };
    },
  );
};
