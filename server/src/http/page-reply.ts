import { TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import type { FastifyReply } from "fastify";

/** A page of a list: its items, with the whole list's length in `X-Total-Count` (DESIGN, "API"). */
export function pageReply<Item>(reply: FastifyReply, page: { items: Item[]; total: number }): Item[] {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.items;
}
