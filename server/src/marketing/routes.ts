import {
  audienceSchema,
  bagRemindersSettingSchema,
  campaignInputSchema,
  campaignPreviewSchema,
  campaignSchema,
  newsletterStatusSchema,
  stockAlertSchema,
  subscribeResultSchema,
  subscribeSchema,
  subscriberTokenSchema,
  waitingForStockSchema,
} from "@shop/contract/marketing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards, readSession } from "../auth/guards";
import { HttpProblem, notFound, replyText, TooManyRequests } from "../http/problem";
import type { MailMessage } from "../mail/mail-kinds";
import { negotiateLanguage } from "../i18n/negotiate";
import { enqueueMails } from "../mail/outbox";
import { renderMail } from "../mail/templates";
import {
  audience,
  createCampaign,
  deleteCampaign,
  findCampaignRow,
  getCampaign,
  listCampaigns,
  mailProducts,
  startSending,
  updateCampaign,
} from "./campaigns";
import {
  bagRemindersSetting,
  confirmedSubscriber,
  confirmSubscription,
  requestSubscription,
  setBagReminders,
  unsubscribe,
} from "./newsletter";
import { requestStockAlert, waitingForStock } from "./stock-alerts";
import { MarketingWorker } from "./worker";

const SUBSCRIBE_ANSWER =
  "Check your inbox: we sent a link to confirm your subscription. Nothing else is sent until you open it.";
const STOCK_ALERT_ANSWER = "We will e-mail you once, when it is back in stock.";
/** A test mail's unsubscribe link when the owner is not on the list: it opens "link not valid". */
const TEST_MAIL_TOKEN = "test-mail-not-a-subscriber";

const linkNotValid = () =>
  notFound("This link is not valid. It may have been mistyped; your subscription is unchanged.");

/** The newsletter (double opt-in, one-click unsubscribe), back-in-stock requests and campaigns. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const { requireAdmin, requireUser } = makeGuards(app);

  const worker = new MarketingWorker(
    db,
    {
      pollIntervalMs: config.marketingPollMs,
      campaignSendsPerMinute: config.campaignSendsPerMinute,
      bagReminderHours: config.bagReminderHours,
      baseUrl: config.baseUrl,
    },
    () => app.mailSender.wake(),
    app.log,
  );
  app.decorate("marketingWorker", worker);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", () => worker.stop());

  // Each request from these forms can send a mail: a few per address per hour, and per client
  // address the sign-up tier's allowance (docs/decisions/011).
  const countPerEmail = app.createRateLimit({
    max: 3,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `newsletter:${request.rateLimitKey}`,
  });
  async function limitMailRequests(request: { ip: string; rateLimitKey: string }, email: string) {
    await app.limiters.authPerAddress.check(request as never, request.ip);
    request.rateLimitKey = email.toLowerCase();
    const result = await countPerEmail(request as never);
    if (!result.isAllowed && result.isExceeded) throw new TooManyRequests(Math.max(1, result.ttlInSeconds));
  }

  // RFC 8058: the mail provider posts `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    "/newsletter/subscribe",
    {
      schema: {
        tags: ["newsletter"],
        summary:
          "Ask for news: records the consent (form, words shown, time) and mails a confirmation link (double opt-in); the same answer whether or not the address is subscribed",
        body: subscribeSchema,
        response: { 202: subscribeResultSchema },
      },
    },
    async (request, reply) => {
      await limitMailRequests(request, request.body.email);
      if (
        await requestSubscription(
          db,
          config.baseUrl,
          request.body.email,
          request.body.source,
          negotiateLanguage(request.headers, config),
        )
      )
        app.mailSender.wake();
      return reply.code(202).send({ message: replyText(reply, SUBSCRIBE_ANSWER) });
    },
  );

  app.post(
    "/newsletter/confirm",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Open the confirmation link: the address gets campaigns from now on",
        body: subscriberTokenSchema,
        response: { 200: newsletterStatusSchema },
      },
    },
    async (request) => (await confirmSubscription(db, request.body.token)) ?? Promise.reject(linkNotValid()),
  );

  app.post(
    "/newsletter/unsubscribe",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Leave the list at once (the page a mail's unsubscribe link opens); no sign-in",
        body: subscriberTokenSchema,
        response: { 200: newsletterStatusSchema },
      },
    },
    async (request) => (await unsubscribe(db, request.body.token)) ?? Promise.reject(linkNotValid()),
  );

  app.post(
    "/newsletter/unsubscribe/:token",
    {
      schema: {
        tags: ["newsletter"],
        summary:
          "RFC 8058 one-click unsubscribe: the List-Unsubscribe URL, posted `List-Unsubscribe=One-Click` by the mail provider",
        params: subscriberTokenSchema,
        body: z.object({ "List-Unsubscribe": z.string().optional() }).optional(),
        response: { 200: newsletterStatusSchema },
      },
    },
    async (request) => (await unsubscribe(db, request.params.token)) ?? Promise.reject(linkNotValid()),
  );

  app.get(
    "/account/bag-reminders",
    {
      onRequest: requireUser,
      schema: {
        tags: ["newsletter"],
        summary: "Whether the signed-in shopper said yes to one reminder of a bag left alone",
        response: { 200: bagRemindersSettingSchema },
      },
    },
    async (request) => bagRemindersSetting(db, currentUser(request).id),
  );

  app.put(
    "/account/bag-reminders",
    {
      onRequest: requireUser,
      schema: {
        tags: ["newsletter"],
        summary:
          "Say yes (recorded: when, the Account page, the words it shows) or no to bag reminders; no turns them off at once",
        body: bagRemindersSettingSchema,
        response: { 200: bagRemindersSettingSchema },
      },
    },
    async (request) =>
      setBagReminders(
        db,
        currentUser(request).id,
        request.body.optedIn,
        negotiateLanguage(request.headers, config),
      ),
  );

  app.post(
    "/stock-alerts",
    {
      schema: {
        tags: ["newsletter"],
        summary:
          "Notify me: one mail when this sold-out variant has stock again (signed in, or with an e-mail address when the catalogue is public)",
        body: stockAlertSchema,
        response: { 201: subscribeResultSchema },
      },
    },
    async (request, reply) => {
      const session = await readSession(app, request);
      let email = session?.user.email;
      if (!session) {
        if (!config.publicCatalogue)
          throw new HttpProblem(401, "Unauthorized", "Sign in to be told when it is back.");
        if (!request.body.email)
          throw new HttpProblem(400, "Bad Request", "Enter your e-mail address.", {
            email: "Enter your e-mail address",
          });
        email = request.body.email;
        await limitMailRequests(request, email);
      }
      await requestStockAlert(db, request.body.variantId, email!, session?.user.id ?? null);
      return reply.code(201).send({ message: replyText(reply, STOCK_ALERT_ANSWER) });
    },
  );

  // ---- The owner's.

  const ownersRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook("onRequest", requireAdmin);

    admin.get(
      "/admin/stock-alerts",
      {
        schema: {
          tags: ["admin"],
          summary: "Shoppers waiting for a sold-out variant, counted per variant (Low Stock)",
          response: { 200: waitingForStockSchema },
        },
      },
      async () => waitingForStock(db),
    );

    admin.get(
      "/admin/newsletter/audience",
      {
        schema: {
          tags: ["admin"],
          summary:
            "How many addresses are confirmed (get campaigns) and how many wait for their confirmation",
          response: { 200: audienceSchema },
        },
      },
      async () => audience(db),
    );

    admin.get(
      "/admin/campaigns",
      {
        schema: {
          tags: ["admin"],
          summary: "Campaigns, newest first, with their progress",
          response: { 200: z.array(campaignSchema) },
        },
      },
      async () => listCampaigns(db),
    );

    admin.post(
      "/admin/campaigns",
      {
        schema: {
          tags: ["admin"],
          summary: "Write a campaign (a draft until it is sent)",
          body: campaignInputSchema,
          response: { 201: campaignSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createCampaign(db, request.body)),
    );

    admin.post(
      "/admin/campaigns/preview",
      {
        schema: {
          tags: ["admin"],
          summary: "The mail a campaign makes, as HTML, without saving it",
          body: campaignInputSchema,
          response: { 200: campaignPreviewSchema },
        },
      },
      async (request) => {
        const message = await campaignMessage(request.body, "preview", "preview");
        // In the language of the owner's page: what a subscriber reading it gets around the text.
        const language = negotiateLanguage(request.headers, config);
        const { subject, html } = await renderMail(message, { baseUrl: config.baseUrl }, language);
        return { subject, html };
      },
    );

    const campaignParams = z.object({ campaignId: z.uuid() });

    admin.get(
      "/admin/campaigns/:campaignId",
      {
        schema: {
          tags: ["admin"],
          summary: "One campaign and its progress (queued, sent, failed, unsubscribed since)",
          params: campaignParams,
          response: { 200: campaignSchema },
        },
      },
      async (request) => getCampaign(db, request.params.campaignId),
    );

    admin.put(
      "/admin/campaigns/:campaignId",
      {
        schema: {
          tags: ["admin"],
          summary: "Change a draft",
          params: campaignParams,
          body: campaignInputSchema,
          response: { 200: campaignSchema },
        },
      },
      async (request) => updateCampaign(db, request.params.campaignId, request.body),
    );

    admin.delete(
      "/admin/campaigns/:campaignId",
      {
        schema: {
          tags: ["admin"],
          summary: "Delete a draft",
          params: campaignParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteCampaign(db, request.params.campaignId);
        return reply.code(204).send(null);
      },
    );

    admin.post(
      "/admin/campaigns/:campaignId/test",
      {
        schema: {
          tags: ["admin"],
          summary: "Mail the campaign to the signed-in owner only, marked as a test",
          params: campaignParams,
          response: { 202: subscribeResultSchema },
        },
      },
      async (request, reply) => {
        const owner = currentUser(request);
        const row = await findCampaignRow(db, request.params.campaignId);
        const ownSubscription = await confirmedSubscriber(db, owner.email);
        const message = await campaignMessage(
          { ...row, subject: `[Test] ${row.subject}` },
          row.id,
          ownSubscription?.token ?? TEST_MAIL_TOKEN,
        );
        await enqueueMails(db, [{ ...message, recipient: owner.email }]);
        app.mailSender.wake();
        return reply.code(202).send({ message: `A test was sent to ${owner.email}.` });
      },
    );

    admin.post(
      "/admin/campaigns/:campaignId/send",
      {
        schema: {
          tags: ["admin"],
          summary:
            "Send to every confirmed subscriber, through the outbox at the throttle's pace; each address once",
          params: campaignParams,
          response: { 202: campaignSchema },
        },
      },
      async (request, reply) => {
        const campaign = await startSending(db, config.baseUrl, request.params.campaignId);
        return reply.code(202).send(campaign);
      },
    );
  };
  await app.register(ownersRoutes);

  async function campaignMessage(
    input: { subject: string; body: string; productIds: string[] },
    campaignId: string,
    unsubscribeToken: string,
  ): Promise<MailMessage> {
    const message: MailMessage = {
      kind: "campaign",
      data: {
        name: "",
        unsubscribeToken,
        campaignId,
        subject: input.subject,
        body: input.body,
        products: await mailProducts(db, config.baseUrl, input.productIds),
      },
    };
    return message;
  }
};

declare module "fastify" {
  interface FastifyInstance {
    /** Hands campaign mail to the outbox, fulfils back-in-stock requests, reminds abandoned bags. */
    marketingWorker: MarketingWorker;
  }
}
