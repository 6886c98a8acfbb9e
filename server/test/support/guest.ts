import { randomUUID } from "node:crypto";
import type { GuestBag } from "@shop/contract/guest";
import type { Card } from "@shop/contract/orders";
import type { App } from "../../src/app";
import { TEST_DELIVERY } from "./orders";

/**
 * A browser without an account (GUEST_CHECKOUT): it keeps the guest bag's cookie as a browser
 * would, and checks out with `card` (the test provider) or without one (a redirect provider).
 */
export class GuestBrowser {
  cookie: string | undefined;
  setCookie: string | undefined;

  constructor(
    private readonly app: App,
    private readonly card?: Card,
  ) {}

  async request(
    method: "GET" | "PUT" | "PATCH" | "DELETE" | "POST",
    url: string,
    payload?: object,
    headers = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    const setCookie = response.headers["set-cookie"];
    if (typeof setCookie === "string") {
      this.setCookie = setCookie;
      const value = setCookie.split(";")[0]!;
      this.cookie = value.endsWith("=") ? undefined : value;
    }
    return response;
  }
  async add(productId: string, quantity: number, variantId?: string) {
    return this.request("PUT", `/api/guest-bag/${productId}`, {
      quantity,
      ...(variantId ? { variantId } : {}),
    });
  }
  async bag() {
    return (await this.request("GET", "/api/guest-bag")).json<GuestBag>();
  }
  async checkout(email: string, lineIds: string[], key = randomUUID(), extra: object = {}) {
    return this.request(
      "POST",
      "/api/guest-orders",
      { email, lineIds, delivery: TEST_DELIVERY, ...(this.card ? { card: this.card } : {}), ...extra },
      { "idempotency-key": key },
    );
  }
}
