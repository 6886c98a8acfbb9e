import type { NewsletterSource } from "@shop/contract/marketing-constants";

import { api } from "@/lib/api-client";

/**
 * POST /api/newsletter/subscribe: the server records the consent (this form and its words) and
 * mails a link to confirm. Answers the server's message.
 */
export async function requestNewsletter(email: string, source: NewsletterSource): Promise<string> {
  const answer = await api.post<{ message: string }>("/newsletter/subscribe", { email, source });
  return answer.message;
}
