import type { ProductDetail } from "@shop/contract/variants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ProductDetails } from "@/features/product/components/product-details";
import { sessionQueryKey } from "@/lib/session";

const addToCart = vi.fn();
vi.mock("@/lib/cart", () => ({ useAddToCart: () => ({ addToCart, isPending: false }) }));

afterEach(() => {
  cleanup();
  addToCart.mockReset();
});

const sizes = ["S", "M", "L"];
const dress: ProductDetail = {
  _id: "7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b",
  productname: "Linen Dress",
  price: 49,
  priceMax: 59,
  compareAtPrice: null,
  savingPercent: 0,
  saleEndsAt: null,
  variantCount: 3,
  catagory: "womans",
  description: "A dress.",
  image: "/demo/products/dress.svg",
  stock: 7,
  ratingCount: 0,
  ratingAverage: 0,
  saleStartsAt: null,
  status: "active",
  publishAt: null,
  options: [{ name: "Size", values: sizes }],
  variants: sizes.map((size, index) => ({
    _id: `5e1d2c3b-0000-4000-8000-00000000000${index}`,
    options: { Size: size },
    price: size === "L" ? 59 : 49,
    compareAtPrice: null,
    savingPercent: 0,
    salePrice: null,
    stock: size === "S" ? 0 : 2 + index,
    images: ["/demo/products/dress.svg", "/demo/products/dress--detail.svg"],
  })),
  images: [
    { url: "/demo/products/dress.svg", optionValue: null },
    { url: "/demo/products/dress--detail.svg", optionValue: null },
  ],
};

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

function renderDress(search = "") {
  const queryClient = new QueryClient();
  // Signed in: "Notify me" asks for no address.
  queryClient.setQueryData(sessionQueryKey, {
    id: "u1",
    email: "ada@shop.com",
    name: "Ada",
    image: null,
    role: "user",
    emailVerified: true,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/aboutproduct/${dress._id}${search}`]}>
        <ProductDetails product={dress} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sizeButton = (size: string) =>
  screen.getByRole("radio", { name: new RegExp(`^${size}( \\(sold out\\))?$`) });

describe("the product page's option pickers", () => {
  it("shows a sold-out size crossed out, 'From' the lowest price until a size is chosen; chosen, it offers Notify me instead of the bag", () => {
    renderDress();
    expect(screen.getByRole("radio", { name: "S (sold out)" })).toBeTruthy();
    expect(screen.getByText(/From/).textContent).toContain("$ 49.00");
    expect(screen.queryByRole("button", { name: "Notify me when it is back" })).toBeNull();
    fireEvent.click(sizeButton("S"));
    expect(screen.getByTestId("address").textContent).toBe("?size=S");
    expect((screen.getByRole("button", { name: "Add to shopping bag" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Notify me when it is back" })).toBeTruthy();
  });

  it("asks for a size before adding, then adds the chosen variant; the address keeps the choice", () => {
    renderDress();
    fireEvent.click(screen.getByRole("button", { name: "Add to shopping bag" }));
    expect(addToCart).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe("Choose a Size first.");

    fireEvent.click(sizeButton("L"));
    expect(screen.getByTestId("address").textContent).toBe("?size=L");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("$ 59.00 each")).toBeTruthy();
    expect(screen.getByText("Only 4 left in stock.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add to shopping bag" }));
    expect(addToCart).toHaveBeenCalledWith(dress._id, 1, dress.variants[2]!._id);
  });

  it("starts from the choice in a shared address", () => {
    renderDress("?size=m");
    expect((sizeButton("M") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Only 3 left in stock.")).toBeTruthy();
  });

  it("shows the pictures with thumbnails, moves with the arrow keys, and zooms", () => {
    renderDress();
    const thumbnails = screen.getAllByRole("button", { name: /^Show Linen Dress, picture/ });
    expect(thumbnails).toHaveLength(2);
    fireEvent.click(thumbnails[1]!);
    expect(thumbnails[1]!.getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(thumbnails[1]!, { key: "ArrowRight" });
    expect(thumbnails[0]!.getAttribute("aria-current")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: /^Zoom in: Linen Dress, picture 1 of 2/ }));
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });
});
