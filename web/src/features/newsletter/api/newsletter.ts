import { newsletterStatusSchema, type NewsletterStatus } from "@shop/contract/marketing";

import { api } from "@/lib/api-client";

/** What a link in a newsletter mail does: confirm the subscription, or leave the list. */
export type NewsletterLinkAction = "confirm" | "unsubscribe";

/** POST /api/newsletter/{confirm|unsubscribe} with the link's token; no sign-in. */
export function followNewsletterLink(action: NewsletterLinkAction, token: string): Promise<NewsletterStatus> {
  return api.post(`/newsletter/${action}`, { token }, { schema: newsletterStatusSchema });
}
