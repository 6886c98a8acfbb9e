import type { AuditEvent } from "@shop/contract/desk";
import type { Language } from "@shop/contract/languages";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { AuditEntry } from "@/features/audit/components/audit-entry";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

/** The shell's and the audit trail's catalogues in `language`, as a page in that language loads them. */
async function loadLanguage(language: Language) {
  await loadMessages(language);
  await loadAreaMessages({
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  });
}

const event: AuditEvent = {
  _id: "1",
  at: "2026-11-29T06:47:04Z",
  actorEmail: "admin@shop.com",
  kind: "product",
  action: "created",
  entityId: "00000000-0000-4000-8000-000000000001",
  entityLabel: "Desk Lamp",
  before: null,
  after: { name: "Desk Lamp", price_cents: 1999 },
};

afterEach(async () => {
  cleanup();
  await loadLanguage("en");
});

describe("an audit trail entry", () => {
  it("names the change, who made it and each field before and after, in English", () => {
    render(<AuditEntry event={event} />);
    const entry = screen.getByRole("article", { name: "Product created: Desk Lamp" });
    expect(entry.querySelector("p")!.textContent).toBe("By admin@shop.com");
    expect(screen.getByText("admin@shop.com").className).toContain("font-medium");
    expect([...entry.querySelectorAll("ul li")].map((item) => item.textContent)).toEqual([
      "name: — → Desk Lamp",
      "price: — → $ 19.99",
    ]);
    expect(screen.getAllByLabelText("changed to")).toHaveLength(2);
  });

  it("speaks Bengali on a Bengali page", async () => {
    await loadLanguage("bn");
    render(<AuditEntry event={{ ...event, action: "deleted", actorEmail: null }} />);
    const entry = screen.getByRole("article");
    expect(entry.getAttribute("aria-label")).toMatch(/মুছে ফেলা হয়েছে: Desk Lamp$/);
    expect(entry.querySelector("p")!.textContent).toBe("পরিবর্তন করেছেন সিস্টেম");
    expect(screen.getAllByLabelText("বদলে হয়েছে")).toHaveLength(2);
  });
});
