import type { Collection } from "@shop/contract/collections";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CollectionsPage } from "@/features/admin/pages/collections-page";
import { fakeApi, jsonResponse, lastBody, problem, testQueryClient } from "@/features/admin/testing/fixtures";
import { notifyAdded } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyRemoved: vi.fn(),
  notifyUpdated: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

const collection = (overrides: Partial<Collection> = {}): Collection => ({
  _id: "5c0a1b2c-0000-4000-8000-000000000001",
  slug: "summer-sale",
  title: "Summer Sale",
  description: "",
  image: null,
  kind: "manual",
  rule: { category: null, minPrice: null, maxPrice: null, onSale: false, newestN: null },
  productIds: ["7f1c2a34-0000-4000-8000-000000000001", "7f1c2a34-0000-4000-8000-000000000002"],
  createdAt: "2026-11-28T10:00:00.000Z",
  updatedAt: "2026-11-28T10:00:00.000Z",
  ...overrides,
});

function renderPage(address = "/dashboard/collections") {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <CollectionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const newForm = () => screen.getByRole("form", { name: "New collection" });
const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(label) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(form, label), { target: { value } });
/** The message linked to a field through aria-describedby, if it is invalid. */
const errorOf = (form: HTMLElement, label: string) => {
  const input = field(form, label);
  if (input.getAttribute("aria-invalid") !== "true") return null;
  const id = input.getAttribute("aria-describedby")?.split(" ").at(-1);
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const submit = (form: HTMLElement) =>
  act(async () => {
    fireEvent.submit(form);
  });
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyAdded).mockClear();
  window.localStorage.setItem("accesstoken", "token-123");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("Collections: the list", () => {
  it("shows each collection's title, address, kind and product count, with View linking to its page", async () => {
    fetchMock.mockImplementation(
      fakeApi((url) =>
        url.pathname === "/api/admin/collections"
          ? jsonResponse([
              collection(),
              collection({
                _id: "5c0a1b2c-0000-4000-8000-000000000002",
                slug: "new-shoes",
                title: "New Shoes",
                kind: "rule",
                productIds: [],
                rule: { category: "shoes", minPrice: null, maxPrice: null, onSale: true, newestN: 20 },
              }),
            ])
          : undefined,
      ),
    );
    renderPage();
    const list = await screen.findByRole("list", { name: "All collections" });
    const [manual, rule] = within(list).getAllByRole("listitem");
    expect(manual!.textContent).toContain("Summer Sale/collections/summer-salePicked by hand · 2 products");
    expect(rule!.textContent).toContain("By a rule · Shoes, on sale, newest 20");
    expect(within(manual!).getByRole("link", { name: "View Summer Sale" }).getAttribute("href")).toBe(
      "/collections/summer-sale",
    );
  });

  it("shows a failure to load with a retry", async () => {
    fetchMock.mockImplementation(fakeApi(() => problem(503, "Service Unavailable", "The database is down.")));
    renderPage();
    expect(await screen.findByText("The collections could not load")).toBeTruthy();
    expect(screen.getByRole("button", { name: /try again|retry/i })).toBeTruthy();
  });
});

describe("Collections: the form's messages", () => {
  it("checks the fields before sending: each message next to its field, nothing sent", async () => {
    fetchMock.mockImplementation(
      fakeApi((url) => (url.pathname === "/api/admin/collections" ? jsonResponse([]) : undefined)),
    );
    renderPage("/dashboard/collections?edit=new");
    const form = newForm();
    await submit(form);
    await waitFor(() => expect(errorOf(form, "Title")).toBe("Enter a title"));
    expect(errorOf(form, "Address")).toBe("Enter the collection's address");
    expect(within(form).getByRole("alert").textContent).toContain("Correct the fields marked in red.");

    type(form, "Title", "Summer Sale");
    // The address follows the title until it is typed.
    expect(field(form, "Address").value).toBe("summer-sale");
    expect(errorOf(form, "Title")).toBeNull();
    type(form, "Address", "Summer Sale!");
    type(form, "Image", "javascript:alert(1)");
    type(form, "Products", "rule");
    type(form, "Lowest price", "50");
    type(form, "Highest price", "10");
    type(form, "Only the newest (number of products)", "many");
    await submit(form);
    await waitFor(() => expect(errorOf(form, "Address")).toBe("Use lowercase letters, digits and hyphens"));
    expect(errorOf(form, "Image")).toBe("The image must be an http(s) address or an uploaded image's path");
    expect(errorOf(form, "Highest price")).toBe("The highest price must be above the lowest");
    expect(errorOf(form, "Only the newest (number of products)")).toBe("A whole number from 1 to 100");
    expect(errorOf(form, "Lowest price")).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it("shows the server's field messages next to their fields, and any other failure above the button", async () => {
    let answer = () =>
      problem(409, "Conflict", "Another collection has this address.", {
        slug: "Another collection has this address.",
      });
    fetchMock.mockImplementation(
      fakeApi((url, init) => {
        if (url.pathname !== "/api/admin/collections") return undefined;
        return init?.method === "POST" ? answer() : jsonResponse([]);
      }),
    );
    renderPage("/dashboard/collections?edit=new");
    const form = newForm();
    type(form, "Title", "Summer Sale");
    type(form, "Products", "rule");
    type(form, "Lowest price", "10");
    await submit(form);
    await waitFor(() => expect(errorOf(form, "Address")).toBe("Another collection has this address."));
    expect(lastBody(fetchMock, "POST", "/api/admin/collections")).toEqual({
      slug: "summer-sale",
      title: "Summer Sale",
      description: "",
      image: null,
      kind: "rule",
      rule: { category: null, minPrice: 10, maxPrice: null, onSale: false, newestN: null },
    });
    await waitFor(() => expect(document.activeElement).toBe(field(form, "Address")));

    answer = () =>
      problem(400, "Bad Request", "The body is not valid.", {
        "rule.minPrice": "A price from 0 to 1,000,000 in the shop's currency",
        "(root)": "Something else is wrong.",
      });
    await submit(form);
    await waitFor(() =>
      expect(errorOf(form, "Lowest price")).toBe("A price from 0 to 1,000,000 in the shop's currency"),
    );
    expect(errorOf(form, "Address")).toBeNull();
    expect(within(form).getByRole("alert").textContent).toContain("Something else is wrong.");

    answer = () => problem(500, "Internal Server Error", "Something went wrong.");
    await submit(form);
    await waitFor(() => expect(within(form).getByRole("alert").textContent).toMatch(/went wrong|server/i));
    expect(errorOf(form, "Lowest price")).toBeNull();
  });

  it("creates a manual collection, says so, and opens it for its products", async () => {
    const created = collection({ productIds: [] });
    fetchMock.mockImplementation(
      fakeApi((url, init) => {
        if (url.pathname === "/api/admin/collections")
          return init?.method === "POST" ? jsonResponse(created, 201) : jsonResponse([created]);
        if (url.pathname === `/api/admin/collections/${created._id}/products`) return jsonResponse([]);
        if (url.pathname === "/api/admin/products") return jsonResponse([], 200, { "X-Total-Count": "0" });
        return undefined;
      }),
    );
    renderPage("/dashboard/collections?edit=new");
    const form = newForm();
    type(form, "Title", "Summer Sale");
    await submit(form);
    await waitFor(() => expect(notifyAdded).toHaveBeenCalledWith("Collection created"));
    expect(await screen.findByRole("form", { name: "Edit “Summer Sale”" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Products in this collection" })).toBeTruthy();
  });
});
