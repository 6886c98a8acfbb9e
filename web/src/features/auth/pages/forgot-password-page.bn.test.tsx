import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, describe, expect, it } from "vitest";

import { loadMessages } from "@/lib/i18n";

// The page's modules read their texts when they load: in Bengali, they load after the switch.
await loadMessages("bn");
const { ForgotPasswordPage } = await import("@/features/auth/pages/forgot-password-page");

afterAll(async () => {
  cleanup();
  await loadMessages("en");
});

describe("the forgot password page in Bengali", () => {
  it("shows its heading, field and button from the Bengali catalogue", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ForgotPasswordPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "পাসওয়ার্ড ভুলে গেছেন?" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /ই-মেইল/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "রিসেট লিংক পাঠান" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "লগ ইনে ফিরে যান" })).toBeTruthy();
  });
});
