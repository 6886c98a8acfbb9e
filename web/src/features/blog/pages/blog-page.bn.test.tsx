import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";

import { loadMessages } from "@/lib/i18n";

// The page's modules read their texts when they load: in Bengali, they load after the switch.
await loadMessages("bn");
const { BlogPage } = await import("@/features/blog/pages/blog-page");

afterAll(async () => {
  cleanup();
  await loadMessages("en");
});

describe("the blog page in Bengali", () => {
  it("shows its heading, posts and dates from the Bengali catalogue", () => {
    render(<BlogPage />);
    expect(screen.getByRole("heading", { level: 1, name: "এই সপ্তাহের ব্লগ" })).toBeTruthy();
    const posts = screen.getByRole("list", { name: "ব্লগ পোস্ট" });
    expect(within(posts).getAllByRole("listitem")).toHaveLength(6);
    expect(within(posts).getByRole("heading", { name: "সাদা স্নিকার সাদা রাখার উপায়" })).toBeTruthy();
    // 8 June 2022, written with Bengali digits.
    expect(within(posts).getByText(/৮/, { selector: "time" })).toBeTruthy();
  });
});
