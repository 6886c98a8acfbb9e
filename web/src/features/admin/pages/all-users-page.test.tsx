import type { UserSummary } from "@shop/contract/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AllUsersPage } from "@/features/admin/pages/all-users-page";
import {
  admin,
  fakeApi,
  jsonResponse,
  listRoute,
  problem,
  testQueryClient,
  userSummary,
} from "@/features/admin/testing/fixtures";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";
import { notifyError, notifyRemoved, notifyUpdated } from "@/lib/toast";

vi.mock("@/lib/session", () => ({ useSession: () => ({ user: admin, isPending: false }) }));
vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyRemoved: vi.fn(),
  notifyUpdated: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
let users: UserSummary[];

/** The admin list API over `users`: list with search, promotion answering `promote`, removal. */
function usersApi(promote: () => Response = () => jsonResponse({ modifiedCount: 1 })) {
  return fakeApi(
    listRoute(
      "/api/alluser",
      () => users,
      (user, q) => user.email.includes(q) || user.name.toLowerCase().includes(q),
    ),
    (url, init) => {
      if (init?.method !== "PUT" || !url.pathname.startsWith("/api/user/admin/")) return undefined;
      const response = promote();
      if (response.ok) {
        const email = decodeURIComponent(url.pathname.split("/").at(-1)!);
        users = users.map((user) => (user.email === email ? { ...user, role: "admin" } : user));
      }
      return response;
    },
    (url, init) => {
      if (init?.method !== "DELETE" || !url.pathname.startsWith("/api/userdelete/")) return undefined;
      const email = decodeURIComponent(url.pathname.split("/").at(-1)!);
      users = users.filter((user) => user.email !== email);
      return jsonResponse({ deletedCount: 1 });
    },
  );
}

function renderPage(path = "/dashboard/allusers") {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AllUsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function tableRows() {
  const table = await screen.findByRole("table", { name: "Users, newest first" });
  return within(table).getAllByRole("row").slice(1);
}

const getCalls = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? "GET") === "GET" && String(input).includes("/alluser"),
  );

beforeEach(() => {
  users = [
    userSummary(1, { name: "Ann", email: "ann@example.com" }),
    userSummary(2, { name: "Bob", email: "bob@example.com", role: "admin" }),
    userSummary(3, { name: "Boss", email: admin.email, role: "admin" }),
  ];
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyUpdated).mockClear();
  vi.mocked(notifyError).mockClear();
  vi.mocked(notifyRemoved).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("All Users", () => {
  it("lists number, e-mail, name and role, with the actions each row allows", async () => {
    fetchMock.mockImplementation(usersApi());
    renderPage();

    const [ann, bob, self] = await tableRows();
    expect(
      within(ann!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "Ann", "Shopper", "Make AdminRemove User"]);
    expect(within(ann!).getByRole("rowheader").textContent).toBe("ann@example.com");
    within(ann!).getByRole("button", { name: "Make Admin: Ann (ann@example.com)" });
    within(ann!).getByRole("button", { name: "Remove User: Ann (ann@example.com)" });

    // An admin: 'Already an Admin' instead of the promotion.
    expect(within(bob!).getByText("Already an Admin")).toBeTruthy();
    expect(within(bob!).queryByRole("button", { name: /^Make Admin/ })).toBeNull();
    within(bob!).getByRole("button", { name: "Remove User: Bob (bob@example.com)" });

    // One's own row: no removal, and why.
    expect(within(self!).queryAllByRole("button")).toHaveLength(0);
    expect(within(self!).getByText("You can’t remove your own account")).toBeTruthy();
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("Showing 1–3 of 3 users");
  });

  it("makes a shopper an admin: 'Successfully Made an Admin' and the list is fetched again", async () => {
    fetchMock.mockImplementation(usersApi());
    renderPage();
    const [ann] = await tableRows();
    const before = getCalls().length;

    fireEvent.click(within(ann!).getByRole("button", { name: "Make Admin: Ann (ann@example.com)" }));

    await waitFor(() => expect(notifyUpdated).toHaveBeenCalledWith("Successfully Made an Admin"));
    await waitFor(async () =>
      expect(within((await tableRows())[0]!).getByText("Already an Admin")).toBeTruthy(),
    );
    expect(getCalls().length).toBeGreaterThan(before);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(String(put![0])).toBe("/api/user/admin/ann%40example.com");
  });

  it("says 'Failed to make an admin' when the server answers 403", async () => {
    fetchMock.mockImplementation(usersApi(() => problem(403, "Forbidden", "Admins only.")));
    renderPage();
    const [ann] = await tableRows();

    fireEvent.click(within(ann!).getByRole("button", { name: "Make Admin: Ann (ann@example.com)" }));

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to make an admin"));
    expect(notifyUpdated).not.toHaveBeenCalled();
    expect(within((await tableRows())[0]!).getByRole("button", { name: /^Make Admin/ })).toBeTruthy();
  });

  it("says why an account whose address is unconfirmed cannot be made an admin (the server's 409)", async () => {
    const why =
      "Only accounts with a confirmed e-mail address can be admins. Ask them to open the confirmation link (their profile sends a new one), then try again.";
    fetchMock.mockImplementation(usersApi(() => problem(409, "Conflict", why)));
    renderPage();
    const [ann] = await tableRows();
    fireEvent.click(within(ann!).getByRole("button", { name: "Make Admin: Ann (ann@example.com)" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(`Failed to make an admin: ${why}`));
    expect(notifyUpdated).not.toHaveBeenCalled();
  });

  it("adds the reason to other promotion failures", async () => {
    fetchMock.mockImplementation(usersApi(() => problem(404, "Not Found", "No account has this e-mail.")));
    renderPage();
    const [ann] = await tableRows();
    fireEvent.click(within(ann!).getByRole("button", { name: "Make Admin: Ann (ann@example.com)" }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith("Failed to make an admin: No account has this e-mail."),
    );
  });

  it("removes a user only after confirming, then 'User Removed' and the list is fetched again", async () => {
    fetchMock.mockImplementation(usersApi());
    renderPage();
    const remove = within((await tableRows())[0]!).getByRole("button", {
      name: "Remove User: Ann (ann@example.com)",
    });

    fireEvent.click(remove);
    const dialog = screen.getByRole("dialog", { name: "Are you sure you want to delete this item?" });
    expect(within(dialog).getByText("Ann (ann@example.com)")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    fireEvent.click(remove);
    act(() => within(dialog).getByRole("button", { name: "Remove User" }).click());

    await waitFor(() => expect(notifyRemoved).toHaveBeenCalledWith("User Removed"));
    await waitFor(async () => expect(await tableRows()).toHaveLength(2));
    expect(screen.queryByText("ann@example.com")).toBeNull();
  });

  it("searches after a pause, from page 1, and pages with Previous / Next", async () => {
    users = Array.from({ length: 23 }, (_, i) => userSummary(i + 1));
    fetchMock.mockImplementation(usersApi());
    renderPage("/dashboard/allusers?page=2");

    await waitFor(async () =>
      expect(within((await tableRows())[0]!).getAllByRole("cell")[0]!.textContent).toBe("11"),
    );
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("Showing 11–20 of 23 users");

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(async () => expect(await tableRows()).toHaveLength(3));
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search users" }), { target: { value: "user2" } });
    // user2 and user20–user23.
    await waitFor(async () => expect(await tableRows()).toHaveLength(5), { timeout: 2000 });
    const searched = getCalls().at(-1)![0];
    expect(String(searched)).toContain("q=user2");
    expect(String(searched)).toContain("offset=0");
  });

  it("shows an error with a retry when the users cannot be loaded", async () => {
    fetchMock.mockResolvedValue(problem(503, "Service Unavailable", "The database is not reachable."));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load the users");
    expect(alert.textContent).toContain("The database is not reachable.");
  });
});

describe("All Users in Bengali", () => {
  const adminCatalogues = {
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  };
  afterEach(async () => {
    await loadMessages("en");
    await loadAreaMessages(adminCatalogues);
  });

  it("shows the page's texts from the Bengali catalogue", async () => {
    await loadMessages("bn");
    await loadAreaMessages(adminCatalogues);
    fetchMock.mockImplementation(usersApi());
    renderPage();

    expect(screen.getByRole("heading", { name: "সব ব্যবহারকারী" })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "ব্যবহারকারী খুঁজুন" })).toBeTruthy();
    expect(await screen.findByText("৩টি ব্যবহারকারীর মধ্যে ১–৩ দেখানো হচ্ছে")).toBeTruthy();
  });
});
