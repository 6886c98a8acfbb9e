import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, describe, expect, it } from "vitest";

import { loadMessages } from "@/lib/i18n";

// The page's modules read their texts when they load: in Bengali, they load after the switch.
await loadMessages("bn");
const { NewsletterLinkPage } = await import("@/features/newsletter/pages/newsletter-link-page");

afterAll(async () => {
  cleanup();
  await loadMessages("en");
});

describe("a newsletter link in Bengali", () => {
  it("says in Bengali that a link without its token is incomplete", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/newsletter/unsubscribe"]}>
          <NewsletterLinkPage action="unsubscribe" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "এই লিংকটি অসম্পূর্ণ" })).toBeTruthy();
    expect(screen.getByText("লিংকটিতে কোনো টোকেন নেই। মেইল থেকে পুরো লিংকটি আবার খুলুন।")).toBeTruthy();
    expect(screen.getByRole("link", { name: "দোকানে ফিরে যান" })).toBeTruthy();
  });
});
