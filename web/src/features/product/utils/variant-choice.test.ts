import type { ProductDetail } from "@shop/contract/variants";
import { describe, expect, it } from "vitest";

import {
  chooseMessage,
  choiceFromParams,
  chosenVariant,
  galleryOf,
  isAvailable,
  paramsWithChoice,
  unchosenOptions,
} from "@/features/product/utils/variant-choice";

const variant = (size: string, colour: string, stock: number, price = 50) => ({
  _id: `${size}-${colour}`,
  options: { Size: size, Colour: colour },
  price,
  compareAtPrice: null,
  savingPercent: 0,
  salePrice: null,
  stock,
  images: [`/demo/${colour}.svg`],
});

const dress: ProductDetail = {
  _id: "00000000-0000-4000-8000-000000000001",
  productname: "Linen Dress",
  price: 50,
  priceMax: 60,
  compareAtPrice: null,
  savingPercent: 0,
  saleEndsAt: null,
  variantCount: 4,
  catagory: "womans",
  description: "A dress.",
  image: "/demo/main.svg",
  stock: 9,
  ratingCount: 0,
  ratingAverage: 0,
  saleStartsAt: null,
  status: "active",
  publishAt: null,
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Red", "Blue"] },
  ],
  variants: [
    variant("S", "Red", 0),
    variant("M", "Red", 4, 60),
    variant("S", "Blue", 5),
    variant("M", "Blue", 0),
  ],
  images: [
    { url: "/demo/main.svg", optionValue: null },
    { url: "/demo/Red.svg", optionValue: "Red" },
  ],
};

describe("variant choice", () => {
  it("reads the choice from the address, ignoring values the product does not have and letter case", () => {
    const choice = choiceFromParams(dress, new URLSearchParams("size=m&colour=Green"));
    expect(choice).toEqual({ Size: "M" });
    expect(unchosenOptions(dress, choice).map((option) => option.name)).toEqual(["Colour"]);
    expect(chosenVariant(dress, choice)).toBeUndefined();
    expect(chooseMessage(unchosenOptions(dress, {}))).toBe("Choose a Size and Colour first.");
  });

  it("finds the variant once every option is chosen, and keeps other address parameters", () => {
    const params = paramsWithChoice(new URLSearchParams("size=M&ref=mail"), "Colour", "Red");
    expect(params.toString()).toBe("size=M&ref=mail&colour=Red");
    expect(chosenVariant(dress, choiceFromParams(dress, params))?._id).toBe("M-Red");
  });

  it("crosses out a value only when no variant with it and the other choices has stock", () => {
    expect(isAvailable(dress, {}, "Size", "S")).toBe(true);
    expect(isAvailable(dress, { Colour: "Red" }, "Size", "S")).toBe(false);
    expect(isAvailable(dress, { Colour: "Blue" }, "Size", "M")).toBe(false);
    expect(isAvailable(dress, { Size: "M" }, "Colour", "Red")).toBe(true);
  });

  it("shows a chosen colour's pictures before every option is chosen", () => {
    expect(galleryOf(dress, {}, undefined)).toEqual(["/demo/main.svg", "/demo/Red.svg"]);
    expect(galleryOf(dress, { Colour: "Blue" }, undefined)).toEqual(["/demo/Blue.svg"]);
  });

  it("picks the only value of an option by itself", () => {
    const oneColour = { ...dress, options: [dress.options[0]!, { name: "Colour", values: ["Red"] }] };
    expect(choiceFromParams(oneColour, new URLSearchParams(""))).toEqual({ Colour: "Red" });
  });
});
