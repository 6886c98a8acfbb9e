import type { Product } from "@shop/contract/catalogue";
import type { ProductDetail } from "@shop/contract/variants";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ProductDetails } from "@/features/product/components/product-details";
import { clampQuantity, displayedPrice, parseQuantity } from "@/features/product/utils/quantity";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

const addToCart = vi.fn();
vi.mock("@/lib/cart", () => ({ useAddToCart: () => ({ addToCart, isPending: false }) }));
// The wishlist's heart and "Notify me" read the session; these tests are about the quantity and the bag.
vi.mock("@/components/wishlist-heart", () => ({ WishlistHeart: () => null }));
vi.mock("@/features/product/components/notify-me", () => ({ NotifyMe: () => null }));

afterEach(() => {
  cleanup();
  addToCart.mockReset();
});

const VARIANT_ID = "5e1d2c3b-0000-4000-8000-000000000001";
const product: Product = {
  _id: "7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b",
  productname: "Breton Stripe T-Shirt",
  price: 24.99,
  priceMax: 24.99,
  compareAtPrice: null,
  savingPercent: 0,
  saleEndsAt: null,
  variantCount: 1,
  catagory: "mans",
  description: "The seaside classic in soft combed cotton.",
  image: "/demo/products/breton-stripe-t-shirt.svg",
  stock: 500,
  ratingCount: 0,
  ratingAverage: 0,
};

/** The detail of a product without options: its one default variant holds the stock. */
const detail = (stock = 500): ProductDetail => ({
  ...product,
  stock,
  saleStartsAt: null,
  status: "active",
  publishAt: null,
  options: [],
  variants: [
    {
      _id: VARIANT_ID,
      options: {},
      price: 24.99,
      compareAtPrice: null,
      savingPercent: 0,
      salePrice: null,
      stock,
      images: [product.image],
    },
  ],
  images: [{ url: product.image, optionValue: null }],
});

function renderDetails(stock?: number) {
  render(
    <MemoryRouter>
      <ProductDetails product={detail(stock)} />
    </MemoryRouter>,
  );
  return {
    input: screen.getByRole("spinbutton", { name: "Quantity" }) as HTMLInputElement,
    increase: screen.getByRole("button", { name: "Increase quantity" }),
    decrease: screen.getByRole("button", { name: "Decrease quantity" }),
    add: screen.getByRole("button", { name: "Add to shopping bag" }) as HTMLButtonElement,
    price: () => screen.getByText(/^\$ [\d,.]+$/).textContent,
  };
}

describe("quantity rules", () => {
  it("keeps quantities whole and between 0 and 99", () => {
    expect(clampQuantity(-1)).toBe(0);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(100)).toBe(99);
    expect(clampQuantity(Number.NaN)).toBe(0);
    expect(parseQuantity("7")).toBe(7);
    expect(parseQuantity("-4")).toBe(0);
    expect(parseQuantity("250")).toBe(99);
    expect(parseQuantity("")).toBeNull();
    expect(parseQuantity("2e3")).toBeNull();
    expect(clampQuantity(8, 5)).toBe(5);
  });

  it("shows the unit price times the quantity above 0, else the unit price, in whole cents", () => {
    expect(displayedPrice(24.99, 3)).toBe(74.97);
    expect(displayedPrice(24.99, 1)).toBe(24.99);
    expect(displayedPrice(24.99, 0)).toBe(24.99);
    expect(displayedPrice(0.1, 3)).toBe(0.3);
  });
});

describe("the product page's quantity picker", () => {
  it("starts at 1 with the unit price, and shows 3 × the price at 3", () => {
    const { input, increase, price } = renderDetails();
    expect(input.value).toBe("1");
    expect(price()).toBe("$ 24.99");
    fireEvent.click(increase);
    fireEvent.click(increase);
    expect(input.value).toBe("3");
    expect(price()).toBe("$ 74.97");
    expect(screen.getByText("3 × $ 24.99 each")).toBeTruthy();
  });

  it("cannot go below 0, where the unit price shows and the bag button is disabled", () => {
    const { input, decrease, add, price } = renderDetails();
    fireEvent.click(decrease);
    expect(input.value).toBe("0");
    expect(price()).toBe("$ 24.99");
    expect(add.disabled).toBe(true);
    expect(decrease.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(decrease);
    fireEvent.click(decrease);
    expect(input.value).toBe("0");
    fireEvent.change(input, { target: { value: "-5" } });
    expect(input.value).toBe("0");
  });

  it("cannot go above 99", () => {
    const { input, increase } = renderDetails();
    fireEvent.change(input, { target: { value: "250" } });
    expect(input.value).toBe("99");
    fireEvent.click(increase);
    expect(input.value).toBe("99");
    expect(increase.getAttribute("aria-disabled")).toBe("true");
  });

  it("lets the box be emptied while typing and settles on the last quantity when left", () => {
    const { input } = renderDetails();
    fireEvent.change(input, { target: { value: "" } });
    expect(input.value).toBe("");
    fireEvent.blur(input);
    expect(input.value).toBe("1");
  });

  it("adds the chosen quantity of this product to the bag", () => {
    const { increase, add } = renderDetails();
    fireEvent.click(increase);
    fireEvent.click(add);
    expect(addToCart).toHaveBeenCalledWith(product._id, 2, VARIANT_ID);
  });

  it("allows no more than the stock, and nothing when it is sold out", () => {
    const few = renderDetails(3);
    fireEvent.change(few.input, { target: { value: "9" } });
    expect(few.input.value).toBe("3");
    expect(screen.getByText("Only 3 left in stock.")).toBeTruthy();
    cleanup();

    const none = renderDetails(0);
    expect(none.input.value).toBe("0");
    expect(none.add.disabled).toBe(true);
    fireEvent.click(none.increase);
    expect(none.input.value).toBe("0");
    expect(screen.getByText(/Out of stock right now/)).toBeTruthy();
  });

  it("speaks Bengali on a Bengali page", async () => {
    const messages = { en: () => import("../messages/en.json"), bn: () => import("../messages/bn.json") };
    await loadMessages("bn");
    await loadAreaMessages(messages);
    try {
      render(
        <MemoryRouter>
          <ProductDetails product={detail(3)} />
        </MemoryRouter>,
      );
      expect(screen.getByRole("button", { name: "শপিং ব্যাগে যোগ করুন" })).toBeTruthy();
      expect(screen.getByRole("spinbutton", { name: "পরিমাণ" })).toBeTruthy();
      expect(screen.getByText("স্টকে আর মাত্র ৩টি আছে।")).toBeTruthy();
    } finally {
      await loadMessages("en");
      await loadAreaMessages(messages);
    }
  });
});
