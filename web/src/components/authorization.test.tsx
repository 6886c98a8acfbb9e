import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Authorization, checkPolicy, RequirePolicy, type Viewer } from "@/components/authorization";
import { sessionQueryKey, type SessionUser } from "@/lib/session";

const shopper: SessionUser = {
  id: "u1",
  email: "sam@shop.com",
  name: "Sam",
  image: null,
  role: "user",
  emailVerified: true,
};
const admin: SessionUser = {
  id: "u2",
  email: "admin@shop.com",
  name: "Ada",
  image: null,
  role: "admin",
  emailVerified: true,
};

const anonymous: Viewer = { user: null, isAdmin: false };
const asShopper: Viewer = { user: shopper, isAdmin: false };
const asAdmin: Viewer = { user: admin, isAdmin: true };

describe("the policy map", () => {
  it("lets only admins manage the shop (All Users, Add Product, Manage Products)", () => {
    expect(checkPolicy("admin:manage-shop", asAdmin)).toBe(true);
    expect(checkPolicy("admin:manage-shop", asShopper)).toBe(false);
    expect(checkPolicy("admin:manage-shop", anonymous)).toBe(false);
  });

  it("gives My Reviews to signed-in non-admins only", () => {
    expect(checkPolicy("dashboard:my-reviews", asShopper)).toBe(true);
    expect(checkPolicy("dashboard:my-reviews", asAdmin)).toBe(false);
    expect(checkPolicy("dashboard:my-reviews", anonymous)).toBe(false);
  });

  it("opens the dashboard to anyone signed in", () => {
    expect(checkPolicy("dashboard:view", asShopper)).toBe(true);
    expect(checkPolicy("dashboard:view", asAdmin)).toBe(true);
    expect(checkPolicy("dashboard:view", anonymous)).toBe(false);
  });
});

const fetchMock = vi.fn<typeof fetch>();

function adminCheckAnswers(admin: boolean) {
  fetchMock.mockImplementation(async () =>
    Response.json({ admin }, { headers: { "Content-Type": "application/json" } }),
  );
}

function renderAt(path: string, user: SessionUser) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter(
    [
      {
        path: "/dashboard",
        element: (
          <>
            <Authorization policy="admin:manage-shop">
              <a href="/dashboard/allusers">All Users</a>
            </Authorization>
            <Authorization policy="dashboard:my-reviews">
              <a href="/dashboard/review">My Reviews</a>
            </Authorization>
          </>
        ),
      },
      {
        path: "/dashboard",
        element: <RequirePolicy policy="admin:manage-shop" />,
        children: [{ path: "allusers", element: <h2>All Users page</h2> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("<Authorization> and <RequirePolicy>", () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("show a shopper My Reviews but no admin items", async () => {
    adminCheckAnswers(false);
    renderAt("/dashboard", shopper);
    expect(screen.getByRole("link", { name: "My Reviews" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "All Users" })).toBeNull();
  });

  it("show an admin the admin items and not My Reviews, after asking the server's admin check", async () => {
    adminCheckAnswers(true);
    renderAt("/dashboard", admin);
    expect(await screen.findByRole("link", { name: "All Users" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "My Reviews" })).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/admin/admin%40shop.com");
  });

  it("follow the server's admin check over the session's role", async () => {
    adminCheckAnswers(true);
    renderAt("/dashboard", shopper);
    expect(await screen.findByRole("link", { name: "All Users" })).toBeTruthy();
  });

  it("refuse an admin page to a shopper with a clear message", async () => {
    adminCheckAnswers(false);
    renderAt("/dashboard/allusers", shopper);
    expect(
      await screen.findByRole("heading", { name: "You are not authorized to view this page" }),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "All Users page" })).toBeNull();
  });

  it("open an admin page to an admin", async () => {
    adminCheckAnswers(true);
    renderAt("/dashboard/allusers", admin);
    expect(await screen.findByRole("heading", { name: "All Users page" })).toBeTruthy();
  });
});
