import type { ImportPreview } from "@shop/contract/desk";
import type { Language } from "@shop/contract/languages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { applyImport, previewImport } from "@/features/catalogue-csv/api/csv-files";
import { ImportPanel } from "@/features/catalogue-csv/components/import-panel";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";
import { notifyUpdated } from "@/lib/toast";

vi.mock("@/features/catalogue-csv/api/csv-files", () => ({ previewImport: vi.fn(), applyImport: vi.fn() }));
vi.mock("@/lib/toast", () => ({ notifyUpdated: vi.fn(), notifyError: vi.fn() }));

/** The shell's and the CSV panel's catalogues in `language`, as a page in that language loads them. */
async function loadLanguage(language: Language) {
  await loadMessages(language);
  await loadAreaMessages({
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  });
}

const clean: ImportPreview = {
  rows: 2,
  creates: 1,
  updates: 1,
  errors: [],
  errorCount: 0,
  sample: [
    { row: 2, name: "Desk Lamp", category: "gadgets", price: "19.99", stock: 1, action: "create" },
    { row: 3, name: "Desk Kettle", category: "gadgets", price: "10.00", stock: 4, action: "update" },
  ],
};

function chooseFile() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportPanel />
    </QueryClientProvider>,
  );
  const file = new File(["name,category\n"], "supplier.csv", { type: "text/csv" });
  fireEvent.change(screen.getByLabelText(/CSV/), { target: { files: [file] } });
}

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await loadLanguage("en");
});

describe("the CSV import panel", () => {
  it("counts a file's rows and errors in English, and lists the first errors by row", async () => {
    vi.mocked(previewImport).mockResolvedValue({
      ...clean,
      errors: [{ row: 3, field: "price", message: "Enter a price" }],
      errorCount: 1_200,
      sample: [],
    });
    chooseFile();
    const rows = await screen.findByText("2 rows");
    expect(rows.parentElement!.textContent).toBe("2 rows: 1 new product, 1 update, 1,200 errors.");
    expect(screen.getByText(/^1,200 errors in this file: fix them and choose it again\./)).toBeTruthy();
    expect(screen.getByRole("list", { name: "Errors by row" }).textContent).toBe(
      "Row 3, price: Enter a price",
    );
    expect(screen.getByText("…and 1,199 more errors: the first 1 are listed.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Import 2 products" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("previews a clean file, then imports it", async () => {
    vi.mocked(previewImport).mockResolvedValue(clean);
    vi.mocked(applyImport).mockResolvedValue({ created: 1, updated: 1 });
    chooseFile();
    expect((await screen.findByText("2 rows")).parentElement!.textContent).toBe(
      "2 rows: 1 new product, 1 update.",
    );
    expect(screen.getByRole("table", { name: "The first rows as they will be stored" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import 2 products" }));
    expect((await screen.findByRole("status")).textContent).toBe("Imported 1 new product and 1 update.");
    expect(notifyUpdated).toHaveBeenCalledWith("Imported: 1 new product, 1 update");
  });

  it("speaks Bengali on a Bengali page, with Bengali digits", async () => {
    await loadLanguage("bn");
    vi.mocked(previewImport).mockResolvedValue(clean);
    chooseFile();
    const rows = await screen.findByText("২টি সারি");
    expect(rows.parentElement!.textContent).toBe("২টি সারি: ১টি নতুন পণ্য, ১টি হালনাগাদ।");
    expect(screen.getByRole("button", { name: "২টি পণ্য ইমপোর্ট করুন" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "অন্য ফাইল বেছে নিন" })).toBeTruthy();
  });
});
