import { mailDetailSchema, mailSummarySchema, type MailDetail } from "@shop/contract/mail";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api, type ListResult } from "@/lib/api-client";
import type { MailSummary } from "@shop/contract/mail";

/** The newest mails the page shows; older ones stay in the database. */
export const MAIL_PAGE_SIZE = 50;

/** GET /api/admin/mails: the outbox, newest first, with the total count. */
export function getMails(signal?: AbortSignal): Promise<ListResult<MailSummary>> {
  return api.list("/admin/mails", {
    query: { limit: MAIL_PAGE_SIZE, offset: 0 },
    schema: mailSummarySchema.array(),
    signal,
  });
}

/** GET /api/admin/mails/{id}: one mail with its rendered HTML and text. */
export function getMail(mailId: string, signal?: AbortSignal): Promise<MailDetail> {
  return api.get(`/admin/mails/${encodeURIComponent(mailId)}`, { schema: mailDetailSchema, signal });
}

export function useMails() {
  // Mail leaves the outbox within seconds: look again while the page is open.
  return useQuery(
    queryOptions({
      queryKey: ["admin", "mails"],
      queryFn: ({ signal }) => getMails(signal),
      refetchInterval: 5_000,
    }),
  );
}

export function useMail(mailId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ["admin", "mails", mailId],
      queryFn: ({ signal }) => getMail(mailId!, signal),
      enabled: mailId !== null,
    }),
  );
}
