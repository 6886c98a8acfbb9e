import { randomBytes } from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

/**
 * A local stand-in for the parts of Stripe's API the shop calls, in Stripe's documented shapes
 * (https://docs.stripe.com/api/checkout/sessions, /api/refunds, /api/events): Checkout Sessions
 * (create, retrieve, expire), Refunds (create, capped at what was paid), Idempotency-Key replay,
 * a hosted payment page with Pay / Decline / Cancel, and webhooks signed with the package's own
 * `webhooks.generateTestHeaderString`. Reached through STRIPE_API_URL; shared by the server
 * tests and the browser tests (e2e).
 */

export const STAND_IN_SECRET_KEY = "sk_test_standin_0123456789";
export const STAND_IN_WEBHOOK_SECRET = "whsec_standin_0123456789";

export interface StandInSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  url: string | null;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  created: number;
  metadata: Record<string, string>;
  reason: null;
  status: "succeeded";
}

/** Where signed events go: an http(s) URL, or a function (a test's `app.inject`) answering the status. */
export type WebhookTarget = string | ((body: string, signature: string) => Promise<number>);

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Every refund created (a replayed Idempotency-Key adds none). */
  refunds: StandInRefund[];
  /** Every webhook sent, with the status our shop answered. */
  deliveries: { type: string; eventId: string; status: number }[];
  webhookTarget: WebhookTarget | null;
  /** Refunds answer 500 while set (a provider outage). */
  failRefunds: boolean;
  /** Refunds are refused (400) with this message while set (Stripe's card_declined-like refusal). */
  refuseRefunds: string | null;
  /** Session creation answers 500 while set. */
  failSessions: boolean;
  /** Pay sends its event this much later (the shopper is back before Stripe's word, as happens). */
  webhookDelayMs: number;
  /**
   * While set, checkout.session.expired events wait in `heldEvents` until deliverHeldEvents():
   * Stripe's event comes over the network after its API answer, and a test that checks what our
   * own cancel or sweep did must not race an event sent in the same tick.
   */
  holdExpiredEvents: boolean;
  heldEvents: Array<() => Promise<number>>;
  deliverHeldEvents(): Promise<number[]>;
  /** Pays a session as the hosted page's Pay button does; `amount` fakes a tampered total. */
  pay(sessionId: string, options?: { amount?: number; currency?: string; deliver?: boolean }): Promise<void>;
  /** A signed event of `type` about `object`, as Stripe would send it, without sending it. */
  signedEvent(
    type: string,
    object: object,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): {
    id: string;
    body: string;
    signature: string;
  };
  deliver(type: string, object: object, id?: string): Promise<number>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Decodes Stripe's form encoding (`line_items[0][price_data][unit_amount]=100`) into objects. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function stripeError(status: number, message: string, type = "invalid_request_error", code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export async function startStripeStandIn(
  options: { webhookSecret?: string; secretKey?: string } = {},
): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? STAND_IN_WEBHOOK_SECRET;
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const sessions = new Map<string, StandInSession>();
  const paid = new Map<string, { amount: number; currency: string }>();
  const refunds: StandInRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const deliveries: StripeStandIn["deliveries"] = [];
  const declined = new Set<string>();

  const signedEvent: StripeStandIn["signedEvent"] = (type, object, eventOptions = {}) => {
    const id = eventOptions.id ?? newId("evt");
    const body = JSON.stringify({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: eventOptions.secret ?? webhookSecret,
      ...(eventOptions.timestamp ? { timestamp: eventOptions.timestamp } : {}),
    });
    return { id, body, signature };
  };

  const standIn: StripeStandIn = {
    url: "",
    sessions,
    refunds,
    deliveries,
    webhookTarget: null,
    failRefunds: false,
    refuseRefunds: null,
    failSessions: false,
    webhookDelayMs: 0,
    holdExpiredEvents: false,
    heldEvents: [],
    async deliverHeldEvents() {
      const held = standIn.heldEvents.splice(0);
      const statuses: number[] = [];
      for (const deliver of held) statuses.push(await deliver());
      return statuses;
    },
    signedEvent,
    async deliver(type, object, id) {
      const event = signedEvent(type, object, id ? { id } : {});
      const target = standIn.webhookTarget;
      let status = 0;
      if (typeof target === "function") status = await target(event.body, event.signature);
      else if (target) {
        const response = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature },
          body: event.body,
        }).catch(() => undefined);
        status = response?.status ?? 0;
      }
      deliveries.push({ type, eventId: event.id, status });
      return status;
    },
    async pay(sessionId, payOptions = {}) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = newId("pi");
      if (payOptions.amount !== undefined) session.amount_total = payOptions.amount;
      if (payOptions.currency) session.currency = payOptions.currency;
      paid.set(session.payment_intent, { amount: session.amount_total, currency: session.currency });
      if (payOptions.deliver === false) return;
      const event = { ...session };
      if (standIn.webhookDelayMs > 0) {
        setTimeout(() => void standIn.deliver("checkout.session.completed", event), standIn.webhookDelayMs);
      } else await standIn.deliver("checkout.session.completed", event);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function createSession(params: Record<string, unknown>) {
    const lineItems = Object.values((params.line_items ?? {}) as Record<string, Record<string, unknown>>);
    if (lineItems.length === 0)
      return stripeError(
        400,
        "Missing required param: line_items.",
        "invalid_request_error",
        "parameter_missing",
      );
    let amount = 0;
    let currency = "";
    for (const item of lineItems) {
      const price = (item.price_data ?? {}) as Record<string, string>;
      const unit = Number(price.unit_amount);
      if (!Number.isInteger(unit) || unit < 0) return stripeError(400, "Invalid integer: unit_amount");
      amount += unit * Number(item.quantity ?? 1);
      currency = price.currency ?? "";
    }
    if (!params.success_url) return stripeError(400, "Missing required param: success_url.");
    const expiresAt = params.expires_at ? Number(params.expires_at) : nowSeconds() + 24 * 3600;
    if (expiresAt < nowSeconds() + 30 * 60 - 5 || expiresAt > nowSeconds() + 24 * 3600) {
      return stripeError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.");
    }
    const id = newId("cs_test");
    const session: StandInSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      created: nowSeconds(),
      expires_at: expiresAt,
      livemode: false,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: String(params.success_url),
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      url: `${standIn.url}/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function expireSession(id: string) {
    const session = sessions.get(id);
    if (!session)
      return stripeError(
        404,
        `No such checkout.session: '${id}'`,
        "invalid_request_error",
        "resource_missing",
      );
    if (session.status !== "open") {
      return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
    }
    session.status = "expired";
    session.url = null;
    // Stripe sends checkout.session.expired for a session expired through the API too.
    const deliver = () => standIn.deliver("checkout.session.expired", { ...session });
    if (standIn.holdExpiredEvents) standIn.heldEvents.push(deliver);
    else setImmediate(() => void deliver());
    return { status: 200, body: session };
  }

  function createRefund(params: Record<string, unknown>) {
    if (standIn.failRefunds) return stripeError(500, "An unknown error occurred", "api_error");
    if (standIn.refuseRefunds)
      return stripeError(400, standIn.refuseRefunds, "invalid_request_error", "charge_disputed");
    const intent = String(params.payment_intent ?? "");
    const payment = paid.get(intent);
    if (!payment)
      return stripeError(
        404,
        `No such payment_intent: '${intent}'`,
        "invalid_request_error",
        "resource_missing",
      );
    const already = refunds
      .filter((refund) => refund.payment_intent === intent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = params.amount === undefined ? payment.amount - already : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, "Invalid positive integer: amount");
    if (already + amount > payment.amount) {
      return stripeError(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((payment.amount - already) / 100).toFixed(2)})`,
        "invalid_request_error",
        "amount_too_large",
      );
    }
    const refund: StandInRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: payment.currency,
      payment_intent: intent,
      charge: intent.replace(/^pi_/, "ch_"),
      created: nowSeconds(),
      metadata: {},
      reason: null,
      status: "succeeded",
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function hostedPage(session: StandInSession, message = "") {
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const open = session.status === "open";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} – Stripe stand-in</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.75rem 1rem;margin:.25rem 0;width:100%}</style></head>
<body><main><h1>Stripe stand-in checkout</h1>
<p>Pay <strong data-testid="stand-in-amount">${escapeHtml(amount)}</strong> to the shop${session.customer_email ? ` as ${escapeHtml(session.customer_email)}` : ""}.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
${
  open
    ? `<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/decline"><button type="submit">Pay with a declined card</button></form>
${session.cancel_url ? `<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel and go back</button></form>` : ""}`
    : `<p>This checkout session is ${session.status}.</p>`
}
</main></body></html>`;
  }

  const server = http.createServer((request, response) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => {
      void handle(request, response, raw);
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const url = new URL(request.url ?? "/", standIn.url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
      response.end(JSON.stringify(body));
    };
    const html = (status: number, body: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    };
    const redirect = (location: string) => {
      response.writeHead(303, { location });
      response.end();
    };

    const page = /^\/pay\/([\w]+)(?:\/(pay|decline|cancel))?$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return html(404, "<!doctype html><title>Not found</title><p>No such session.</p>");
      if (request.method === "GET") return html(200, hostedPage(session));
      if (session.status !== "open")
        return html(409, hostedPage(session, "This session can no longer be paid."));
      if (page[2] === "pay") {
        await standIn.pay(session.id);
        return redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
      }
      if (page[2] === "decline") {
        declined.add(session.id);
        return html(402, hostedPage(session, "Your card was declined. Try another card."));
      }
      return redirect(session.cancel_url ?? session.success_url);
    }

    if (!url.pathname.startsWith("/v1/"))
      return send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const params = decodeStripeForm(raw);
    const key = request.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${request.method} ${url.pathname} ${key}` : null;
    if (replayKey && idempotent.has(replayKey)) {
      const earlier = idempotent.get(replayKey)!;
      response.setHeader("idempotent-replayed", "true");
      return send(earlier.status, earlier.body);
    }
    let answer: { status: number; body: unknown };
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(url.pathname);
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      answer = standIn.failSessions
        ? stripeError(500, "An unknown error occurred", "api_error")
        : createSession(params);
    } else if (sessionPath && request.method === "GET" && !sessionPath[2]) {
      const session = sessions.get(sessionPath[1]!);
      answer = session
        ? { status: 200, body: session }
        : stripeError(404, `No such checkout.session: '${sessionPath[1]}'`);
    } else if (sessionPath && request.method === "POST" && sessionPath[2]) {
      answer = expireSession(sessionPath[1]!);
    } else if (request.method === "POST" && url.pathname === "/v1/refunds") {
      answer = createRefund(params);
    } else {
      answer = stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
    }
    // Stripe keeps the result of a request that ran (not of one it refused before running).
    if (replayKey && answer.status < 500) idempotent.set(replayKey, answer);
    send(answer.status, answer.body);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the Stripe stand-in did not listen");
  standIn.url = `http://127.0.0.1:${address.port}`;
  return standIn;
}
