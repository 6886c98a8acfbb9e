import { CHECKOUT_MESSAGES } from "@shop/contract/orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CheckoutForm } from "@/features/checkout/components/checkout-form";
import { awaitingStripeOrder, jsonResponse, order, testQueryClient } from "@/testing/fixtures";

const LINE_ID = "0a1b2c3d-0000-4000-8000-000000000001";
const PAYMENT_INFO = {
  provider: "test",
  flow: "card",
  testMode: true,
  testCards: [
    { number: "4242 4242 4242 4242", outcome: "succeeds" },
    { number: "4000 0000 0000 0002", outcome: "is declined" },
  ],
};
const DECLINED = {
  type: "about:blank",
  title: "Payment Declined",
  status: 402,
  detail: "Your card was declined. No money was taken; try another card.",
};

const fetchMock = vi.fn<typeof fetch>();
/** What GET /api/payment-info answers (the test mode's, unless a test says otherwise). */
let paymentInfo: object;
/** Answers for POST /api/orders, one per request, in order. */
let orderAnswers: Array<() => Response | Promise<Response>>;

function postedOrders() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
}
function keyOf(call: Parameters<typeof fetch>) {
  return new Headers(call[1]?.headers).get("idempotency-key");
}
function bodyOf(call: Parameters<typeof fetch>) {
  return JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
}

function renderForm(onPlaced = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CheckoutForm
        lineIds={[LINE_ID]}
        total={49.98}
        prefill={{ name: "Ann Lee", address: "", city: "Dhaka", phone: "+8801711000000" }}
        onPlaced={onPlaced}
      />
    </QueryClientProvider>,
  );
  return onPlaced;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: "input" });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const pay = () => screen.getByRole("button", { name: /Pay \$ 49\.98/ });

function fillValidForm(cardNumber = "4242424242424242") {
  type("Address", "1 Harbour Road");
  type("Card number", cardNumber);
  type("Expiry date", "1239");
  type("CVC", "123");
}

beforeEach(() => {
  orderAnswers = [];
  paymentInfo = PAYMENT_INFO;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/payment-info") return jsonResponse(paymentInfo);
    if (url === "/api/orders" && init?.method === "POST") {
      const answer = orderAnswers.shift();
      if (answer) return answer();
    }
    return jsonResponse({ title: "Not Found", status: 404 }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the checkout form", () => {
  it("is prefilled, labelled for autofill, and says TEST MODE with the test cards", async () => {
    renderForm();
    expect((field("Name") as HTMLInputElement).value).toBe("Ann Lee");
    expect((field("City") as HTMLInputElement).value).toBe("Dhaka");
    expect((field("Phone No.") as HTMLInputElement).value).toBe("+8801711000000");
    const autocomplete = (label: string) => field(label).getAttribute("autocomplete");
    expect(
      ["Name", "Address", "City", "Phone No.", "Card number", "Expiry date", "CVC"].map(autocomplete),
    ).toEqual(["name", "street-address", "address-level2", "tel", "cc-number", "cc-exp", "cc-csc"]);
    for (const label of ["Card number", "Expiry date", "CVC"]) {
      expect(field(label).getAttribute("inputmode")).toBe("numeric");
    }

    const notice = await screen.findByRole("region", { name: /TEST MODE/ });
    expect(within(notice).getByText("4242 4242 4242 4242")).toBeTruthy();
    expect(within(notice).getByText("4000 0000 0000 0002")).toBeTruthy();
    fireEvent.click(within(notice).getByRole("button", { name: "Use test card 4000 0000 0000 0002" }));
    expect((field("Card number") as HTMLInputElement).value).toBe("4000 0000 0000 0002");
  });

  it("formats the card number and expiry as they are typed", () => {
    renderForm();
    type("Card number", "42424242");
    expect((field("Card number") as HTMLInputElement).value).toBe("4242 4242");
    type("Expiry date", "1239");
    expect((field("Expiry date") as HTMLInputElement).value).toBe("12/39");
  });

  it("shows the contract's messages under the fields and sends nothing when they are wrong", async () => {
    renderForm();
    type("Name", " ");
    type("Card number", "4242");
    type("Expiry date", "0120");
    fireEvent.click(pay());

    expect(await screen.findByText(CHECKOUT_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(CHECKOUT_MESSAGES.addressRequired)).toBeTruthy();
    expect(screen.getByText(CHECKOUT_MESSAGES.cardNumberInvalid)).toBeTruthy();
    expect(screen.getByText(CHECKOUT_MESSAGES.expiryPast)).toBeTruthy();
    expect(screen.getByText(CHECKOUT_MESSAGES.cvcInvalid)).toBeTruthy();
    expect(field("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(postedOrders()).toHaveLength(0);
  });

  it("sends the lines, the delivery and the card (digits only) with an idempotency key", async () => {
    const placed = order(1001);
    orderAnswers.push(() => jsonResponse(placed, 201));
    const onPlaced = renderForm();
    fillValidForm("4242 4242 4242 4242");
    fireEvent.click(pay());

    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [call] = postedOrders();
    expect(keyOf(call!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bodyOf(call!)).toEqual({
      lineIds: [LINE_ID],
      delivery: { name: "Ann Lee", address: "1 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    });
  });

  it("keeps the same idempotency key when the same submission is retried after a dropped connection", async () => {
    const placed = order(1002);
    orderAnswers.push(
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => jsonResponse(placed, 200),
    );
    const onPlaced = renderForm();
    fillValidForm();
    fireEvent.click(pay());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/Cannot reach the shop/);
    expect(alert.textContent).toMatch(/will not charge you twice/);
    expect(onPlaced).not.toHaveBeenCalled();

    fireEvent.click(pay());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [first, second] = postedOrders();
    expect(keyOf(second!)).toBe(keyOf(first!));
  });

  it("also keeps the key after a server error: the order may have been placed", async () => {
    orderAnswers.push(
      () => jsonResponse({ title: "Internal Server Error", status: 500 }, 500),
      () => jsonResponse(order(1003), 200),
    );
    renderForm();
    fillValidForm();
    fireEvent.click(pay());
    await screen.findByRole("alert");
    fireEvent.click(pay());
    await waitFor(() => expect(postedOrders()).toHaveLength(2));
    const [first, second] = postedOrders();
    expect(keyOf(second!)).toBe(keyOf(first!));
  });

  it("sends one request for a double click", async () => {
    let answer: (response: Response) => void = () => {};
    orderAnswers.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onPlaced = renderForm();
    fillValidForm();
    const form = screen.getByRole("form", { name: "Checkout" });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(postedOrders()).toHaveLength(1));
    await waitFor(() => expect(pay().hasAttribute("disabled")).toBe(true));
    fireEvent.submit(form);

    answer(jsonResponse(order(1004), 201));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(postedOrders()).toHaveLength(1);
  });

  it("shows a declined card's message, keeps everything, and tries another card under a new key", async () => {
    const placed = order(1005);
    orderAnswers.push(
      () => jsonResponse(DECLINED, 402),
      () => jsonResponse(placed, 201),
    );
    const onPlaced = renderForm();
    fillValidForm("4000000000000002");
    fireEvent.click(pay());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(DECLINED.detail);
    expect(alert.textContent).not.toMatch(/charge you twice/);
    expect(onPlaced).not.toHaveBeenCalled();
    expect((field("Address") as HTMLInputElement).value).toBe("1 Harbour Road");
    expect((field("Card number") as HTMLInputElement).value).toBe("4000 0000 0000 0002");
    expect(pay().hasAttribute("disabled")).toBe(false);

    type("Card number", "4242424242424242");
    fireEvent.click(pay());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [first, second] = postedOrders();
    expect(keyOf(second!)).not.toBe(keyOf(first!));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts the server's field errors under their fields", async () => {
    orderAnswers.push(() =>
      jsonResponse(
        {
          title: "Bad Request",
          status: 400,
          detail: "This card has expired",
          errors: { "card.expiry": "This card has expired", "delivery.phone": "Phone No. is Required" },
        },
        400,
      ),
    );
    renderForm();
    fillValidForm();
    fireEvent.click(pay());

    expect((await screen.findByRole("alert")).textContent).toMatch(/check the fields marked below/);
    const expiry = field("Expiry date");
    expect(expiry.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(expiry.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent,
    ).toBe("This card has expired");
    expect(screen.getByText("Phone No. is Required")).toBeTruthy();
  });

  it("shows why stock or lines ran out (409)", async () => {
    orderAnswers.push(() =>
      jsonResponse(
        { title: "Conflict", status: 409, detail: "Only 1 of Aviator Chronograph Watch left in stock." },
        409,
      ),
    );
    const onPlaced = renderForm();
    fillValidForm();
    fireEvent.click(pay());
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Only 1 of Aviator Chronograph Watch left in stock.",
    );
    expect(onPlaced).not.toHaveBeenCalled();
  });
});

describe("the checkout form with Stripe Checkout", () => {
  beforeEach(() => {
    paymentInfo = { provider: "stripe", flow: "redirect", testMode: true, testCards: [] };
  });

  it("asks for no card, says the card goes to Stripe, and sends the order without one", async () => {
    const awaiting = awaitingStripeOrder(1002);
    orderAnswers.push(() => jsonResponse(awaiting, 201));
    const onPlaced = renderForm();
    const button = await screen.findByRole("button", { name: "Pay with Stripe: $ 49.98" });
    expect(screen.queryByLabelText("Card number", { exact: false })).toBeNull();
    expect(screen.getByText(/your card details go to Stripe and never to this shop/)).toBeTruthy();
    type("Address", "1 Harbour Road");
    fireEvent.click(button);

    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(awaiting));
    const [call] = postedOrders();
    expect(bodyOf(call!)).toEqual({
      lineIds: [LINE_ID],
      delivery: { name: "Ann Lee", address: "1 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
    });
  });
});
