import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AddProductPage } from "@/features/admin/pages/add-product-page";
import { FakeXhr } from "@/testing/fake-xhr";
import {
  fakeApi,
  jsonResponse,
  lastBody,
  problem,
  product,
  testQueryClient,
} from "@/features/admin/testing/fixtures";
import { notifyAdded } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyRemoved: vi.fn(),
  notifyUpdated: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;

function renderPage() {
  queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AddProductPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("form", { name: "Add product" });
}

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

function fillValid(form: HTMLElement) {
  type(form, "Product name", "Aviator Chronograph Watch");
  type(form, "Price (US$)", "129.90");
  type(form, "Category", "mans");
  type(form, "Image URL", "https://images.example.com/aviator.jpg");
  type(form, "Description", "Steel case, leather strap.");
}

const submit = (form: HTMLElement) =>
  act(async () => {
    fireEvent.submit(form);
  });

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

describe("Add Product", () => {
  it("shows the four categories by their friendly names and starts with a stock of 10", () => {
    const form = renderPage();
    const options = within(field(form, "Category") as HTMLSelectElement).getAllByRole("option");
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
      ["Choose a category", ""],
      ["Men", "mans"],
      ["Shoes", "shoes"],
      ["Women", "womans"],
      ["Gadgets", "gadgets"],
    ]);
    expect(field(form, "Stock").value).toBe("10");
  });

  it("shows SPEC's messages and sends nothing while required fields are empty", async () => {
    const form = renderPage();
    await submit(form);
    await waitFor(() => expect(errorOf(form, "Product name")).toBe("Product name Required"));
    expect(errorOf(form, "Price (US$)")).toBe("Price is Required");
    expect(errorOf(form, "Image URL")).toBe("Image is Required");
    expect(errorOf(form, "Description")).toBe("Description is Required");
    expect(errorOf(form, "Category")).toBe("Category is Required");
    expect(errorOf(form, "Stock")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the wire payload (price in dollars, 'mans' for Men), says 'Product Added Successfully' and starts again", async () => {
    fetchMock.mockImplementation(
      fakeApi((url, init) =>
        init?.method === "POST" && url.pathname === "/api/addproduct"
          ? jsonResponse(product(1), 201)
          : undefined,
      ),
    );
    const form = renderPage();
    queryClient.setQueryData(["products", { category: null, q: "" }], { pages: [], pageParams: [] });
    fillValid(form);
    type(form, "Stock", "3");
    await submit(form);

    await waitFor(() => expect(notifyAdded).toHaveBeenCalledWith("Product Added Successfully"));
    expect(lastBody(fetchMock, "POST", "/api/addproduct")).toEqual({
      productname: "Aviator Chronograph Watch",
      price: 129.9,
      catagory: "mans",
      description: "Steel case, leather strap.",
      image: "https://images.example.com/aviator.jpg",
      stock: 3,
      status: "active",
      publishAt: null,
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer token-123");
    // The storefront's product lists are stale now.
    expect(queryClient.getQueryState(["products", { category: null, q: "" }])?.isInvalidated).toBe(true);
    // The form starts again.
    await waitFor(() => expect(field(form, "Product name").value).toBe(""));
    expect(field(form, "Category").value).toBe("");
    expect(field(form, "Stock").value).toBe("10");
  });

  it("shows the server's messages on their fields, and any other reason above the button", async () => {
    fetchMock.mockResolvedValueOnce(
      problem(400, "Bad Request", "The body is not valid.", {
        productname: "Product name must be at most 120 characters",
      }),
    );
    const form = renderPage();
    fillValid(form);
    await submit(form);
    await waitFor(() =>
      expect(errorOf(form, "Product name")).toBe("Product name must be at most 120 characters"),
    );
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(notifyAdded).not.toHaveBeenCalled();
    // The values stay for correcting.
    expect(field(form, "Description").value).toBe("Steel case, leather strap.");

    fetchMock.mockResolvedValueOnce(problem(403, "Forbidden", "Admins only."));
    await submit(form);
    await waitFor(() => expect(within(form).getByRole("alert").textContent).toBe("Admins only."));
  });

  it("uploads a chosen file with a progress bar, then fills in its address and shows a preview", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const form = renderPage();
    const file = new File([new Uint8Array(2048)], "watch.png", { type: "image/png" });
    fireEvent.change(within(form).getByLabelText("Upload an image file"), { target: { files: [file] } });

    const xhr = FakeXhr.last!;
    act(() => xhr.progress(1024, 2048));
    const bar = within(form).getByRole("progressbar", { name: "Uploading watch.png" });
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect(within(form).getByRole("button", { name: "Add Product" })).toHaveProperty("disabled", true);

    await act(async () => xhr.respond(201, { path: "/uploads/0b1c2d3e-0000-4000-8000-000000000001.webp" }));
    await waitFor(() =>
      expect(field(form, "Image URL").value).toBe("/uploads/0b1c2d3e-0000-4000-8000-000000000001.webp"),
    );
    expect(within(form).queryByRole("progressbar")).toBeNull();
    expect(within(form).getByText(/^Uploaded/).textContent).toBe("Uploaded watch.png.");
    expect(within(form).getByRole("img", { name: "Preview of the product image" }).getAttribute("src")).toBe(
      "/uploads/0b1c2d3e-0000-4000-8000-000000000001.webp",
    );
    expect(within(form).getByRole("button", { name: "Add Product" })).toHaveProperty("disabled", false);
  });
});
