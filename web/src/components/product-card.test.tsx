import type { Product } from "@shop/contract/catalogue";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { ProductCard } from "@/components/product-card";

afterEach(cleanup);

const product = (image: string): Product => ({
  _id: "00000000-0000-4000-8000-000000000001",
  productname: "Harbour Dive Watch",
  price: 249.9,
  priceMax: 249.9,
  compareAtPrice: null,
  savingPercent: 0,
  saleEndsAt: null,
  variantCount: 1,
  catagory: "mans",
  ratingCount: 0,
  ratingAverage: 0,
  description: "A dive watch.",
  stock: 5,
  image,
});

function renderCard(image: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ProductCard product={product(image)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("img", { name: "Harbour Dive Watch" });
}

describe("ProductCard's image", () => {
  it("offers an uploaded photo's smaller copies, so a card loads one sized for it", () => {
    const upload = "/uploads/5b0d6f5e-3c1a-4d2b-9e8f-0a1b2c3d4e5f.webp";
    const image = renderCard(upload);

    expect(image.getAttribute("srcset")).toBe(
      "/uploads/5b0d6f5e-3c1a-4d2b-9e8f-0a1b2c3d4e5f-320w.webp 320w, " +
        "/uploads/5b0d6f5e-3c1a-4d2b-9e8f-0a1b2c3d4e5f-800w.webp 800w, " +
        `${upload} 1600w`,
    );
    expect(image.getAttribute("sizes")).toBe("(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw");
  });

  it("uses a demo SVG or another address as it is: one file fits every size", () => {
    expect(renderCard("/demo/products/watch.svg").hasAttribute("srcset")).toBe(false);
  });
});
