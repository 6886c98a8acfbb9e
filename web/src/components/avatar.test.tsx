import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { Avatar } from "@/components/avatar";

afterEach(cleanup);

describe("Avatar", () => {
  it("names the person and the status for assistive technology", () => {
    render(<Avatar label="Ada" status="busy" />);
    expect(screen.getByRole("img", { name: "Ada (busy)" })).toBeTruthy();
  });

  it("shows a user icon on grey when there is no image", () => {
    const { container } = render(<Avatar label="Guest" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("svg")).not.toBeNull();
  });

  it("falls back to the icon when the image fails to load", () => {
    const { container } = render(<Avatar label="Ada" image="/broken.png" />);
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/broken.png");
    fireEvent.error(img!);
    expect(container.querySelector("img")).toBeNull();
  });

  it("puts the status dot at the bottom with statusBottom", () => {
    const { container } = render(<Avatar label="Ada" status="online" statusBottom />);
    const dot = container.querySelector("[aria-hidden='true'].rounded-full:not(svg)");
    expect(dot?.className).toContain("bottom-0");
    expect(dot?.className).toContain("bg-green-600");
  });
});
