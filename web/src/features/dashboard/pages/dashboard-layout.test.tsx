import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { describeDevice } from "@/features/dashboard/components/signed-in-devices";
import { DashboardLayout } from "@/features/dashboard/pages/dashboard-layout";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";
import type { Language } from "@shop/contract/languages";

vi.mock("@/lib/session", () => ({
  useSession: () => ({ user: { name: "Rina Akter", email: "rina@example.com" }, isPending: false }),
}));
vi.mock("@/components/authorization", () => ({ useAuthorization: () => ({ can: () => false }) }));

/** The shell's and the dashboard's catalogues in `language`, as a page in that language loads them. */
async function loadLanguage(language: Language) {
  await loadMessages(language);
  await loadAreaMessages({
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  });
}

function renderLayout() {
  render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <DashboardLayout />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  cleanup();
  await loadLanguage("en");
});

describe("the dashboard's layout", () => {
  it("welcomes the user by name, the name alone in the brand colour (SPEC's 'Welcome to Dashboard')", () => {
    renderLayout();
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Welcome to Dashboard, Rina Akter");
    expect(screen.getByText("Rina Akter").className).toContain("text-brand-700");
    expect(screen.getAllByRole("navigation", { name: "Dashboard" }).length).toBeGreaterThan(0);
  });

  it("speaks Bengali on a Bengali page: every text from the catalogue, none left in English", async () => {
    await loadLanguage("bn");
    renderLayout();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("ড্যাশবোর্ডে স্বাগতম, Rina Akter");
    expect(screen.getByText("Rina Akter").className).toContain("text-brand-700");
    expect(screen.getAllByRole("navigation", { name: "ড্যাশবোর্ড" }).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "ড্যাশবোর্ড মেনু" })).toBeTruthy();
    expect(describeDevice("Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36")).toBe(
      "Android-এ Chrome",
    );
    expect(describeDevice(null)).toBe("অজানা ডিভাইস");
  });
});
