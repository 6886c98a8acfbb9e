import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { Button } from "@/components/button";

afterEach(cleanup);

describe("Button", () => {
  it("is a plain button unless told to submit", () => {
    render(
      <>
        <Button text="Plain" />
        <Button submit>Send</Button>
      </>,
    );
    expect(screen.getByRole("button", { name: "Plain" }).getAttribute("type")).toBe("button");
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("type")).toBe("submit");
  });

  it("renders a router link in link mode", () => {
    render(
      <MemoryRouter>
        <Button to="/products" variant="secondary">
          See More
        </Button>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "See More" }).getAttribute("href")).toBe("/products");
  });

  it("is disabled and busy while loading", () => {
    render(<Button isLoading>Save</Button>);
    const button = screen.getByRole("button", { name: /save/i });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  it("stretches to full width with `full`", () => {
    render(<Button full>Wide</Button>);
    expect(screen.getByRole("button", { name: "Wide" }).className).toContain("w-full");
  });
});
