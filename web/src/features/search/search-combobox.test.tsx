import type { SearchSuggestions } from "@shop/contract/search";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { useState } from "react";

import { HeaderSearch } from "@/features/search/header-search";
import SearchCombobox from "@/features/search/search-combobox";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

function ControlledCombobox() {
  const [text, setText] = useState("");
  return <SearchCombobox text={text} onTextChange={setText} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answerFor = (q: string): SearchSuggestions => ({
  q,
  total: 2,
  products: [
    {
      _id: "00000000-0000-4000-8000-000000000001",
      productname: "Retro Court Sneaker",
      price: 89,
      priceMax: 89,
      image: "/demo/a.svg",
      catagory: "shoes",
      highlights: [[12, 19]],
    },
  ],
  collections: [{ slug: "court-classics", title: "Court Classics", highlights: [] }],
  categories: [{ value: "shoes", count: 2 }],
  didYouMean: null,
});

/** `label`: the field's name in the page's language (the shell's catalogue). */
function renderSearch(label = "Search the shop") {
  const signals: AbortSignal[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    signals.push(init.signal!);
    const q = new URL(url, "http://shop.test").searchParams.get("q")!;
    return Promise.resolve(
      new Response(JSON.stringify(answerFor(q)), { headers: { "content-type": "application/json" } }),
    );
  });
  vi.stubGlobal("fetch", fetchMock);
  const router = createMemoryRouter(
    [
      { path: "/", Component: ControlledCombobox },
      { path: "/aboutproduct/:productId", Component: () => <p>product page</p> },
      { path: "/products", Component: () => <p>search page</p> },
      { path: "/collections/:slug", Component: () => <p>collection page</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return { router, fetchMock, signals, input: screen.getByRole("combobox", { name: label }) };
}

describe("SearchCombobox", () => {
  it("asks once after a pause, aborts a superseded request, and opens the product chosen with the keyboard", async () => {
    const { router, fetchMock, signals, input } = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "s" } });
    fireEvent.change(input, { target: { value: "snekaer" } });
    await waitFor(() => expect(screen.getByRole("option", { name: /Retro Court Sneaker/ })).toBeTruthy());
    // Typed twice within the pause: asked once.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("status").textContent).toMatch(
      /1 product, 1 collection and 1 category suggested/,
    );
    expect(screen.getByText("Sneaker").tagName).toBe("MARK");

    fireEvent.change(input, { target: { value: "snekaers" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(signals[0]!.aborted).toBe(true);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    const option = screen.getByRole("option", { name: /Retro Court Sneaker/ });
    expect(option.getAttribute("aria-selected")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(option.id);
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/aboutproduct/00000000-0000-4000-8000-000000000001"),
    );
  });

  it("offers a matching collection after the products, and opens its page", async () => {
    const { router, input } = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "court" } });
    const collection = await screen.findByRole("option", { name: /Collection: Court Classics/ });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(collection.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/collections/court-classics"));
  });

  it("closes on Escape and searches all products on Enter without a choice", async () => {
    const { router, input } = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "sneaker" } });
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("true"));
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.search).toBe("?q=sneaker"));
  });

  it("speaks Bengali on a Bengali page", async () => {
    const messages = { en: () => import("./messages/en.json"), bn: () => import("./messages/bn.json") };
    await loadMessages("bn");
    await loadAreaMessages(messages);
    try {
      const { input } = renderSearch("দোকানে খুঁজুন");
      expect(input.getAttribute("placeholder")).toBe("পণ্য খুঁজুন");
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: "sneaker" } });
      await waitFor(() => expect(screen.getByRole("listbox", { name: "পরামর্শ" })).toBeTruthy());
      expect(screen.getByRole("status").textContent).toBe(
        "১টি পণ্য, ১টি সংগ্রহ ও ১টি বিভাগ প্রস্তাব করা হয়েছে, সব মিলিয়ে ২টি মিল।",
      );
    } finally {
      await loadMessages("en");
      await loadAreaMessages(messages);
    }
  });
});

describe("HeaderSearch", () => {
  function renderHeaderSearch() {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json(answerFor("snea")))),
    );
    const router = createMemoryRouter(
      [
        { path: "/", Component: () => <HeaderSearch /> },
        { path: "/products", Component: () => <p>search page</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    return { router, plain: screen.getByRole("combobox", { name: "Search the shop" }) };
  }

  it("searches on Enter before its suggestions load", async () => {
    const { router, plain } = renderHeaderSearch();
    // Typed and sent before the field was ever focused (the suggestions load on focus).
    fireEvent.change(plain, { target: { value: "sneakers" } });
    fireEvent.keyDown(plain, { key: "Enter" });
    await waitFor(() => expect(router.state.location.search).toBe("?q=sneakers"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads its suggestions on focus, handing them the text typed so far and the focus", async () => {
    const { router, plain } = renderHeaderSearch();
    fireEvent.change(plain, { target: { value: "snea" } });
    fireEvent.focus(plain);
    const combobox = await waitFor(() => {
      const loaded = screen.getByRole("combobox", { name: "Search the shop" });
      expect(loaded.getAttribute("aria-controls")).not.toBeNull();
      return loaded;
    });
    expect(combobox).toHaveProperty("value", "snea");
    expect(document.activeElement).toBe(combobox);
    fireEvent.change(combobox, { target: { value: "sneakers" } });
    fireEvent.keyDown(combobox, { key: "Enter" });
    await waitFor(() => expect(router.state.location.search).toBe("?q=sneakers"));
  });
});
