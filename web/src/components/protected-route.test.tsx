import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ProtectedRoute } from "@/components/protected-route";
import { sessionQueryKey, type SessionUser } from "@/lib/session";

const shopper: SessionUser = {
  id: "u1",
  email: "sam@shop.com",
  name: "Sam",
  image: null,
  role: "user",
  emailVerified: true,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** `user` "loading": the server has not answered yet. */
function renderAt(path: string, user: SessionUser | null | "loading") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user === "loading") vi.stubGlobal("fetch", () => new Promise<never>(() => {}));
  else queryClient.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: "/login", element: <h1>Log in page</h1> },
      { Component: ProtectedRoute, children: [{ path: "/cart", element: <h1>Cart page</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("ProtectedRoute", () => {
  it("shows a spinner, and not the page, while the sign-in state loads", () => {
    renderAt("/cart", "loading");
    expect(screen.getByRole("status", { name: "Checking your sign-in…" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Cart page" })).toBeNull();
  });

  it("sends a signed-out visitor to the login page, remembering where they were going", async () => {
    const router = renderAt("/cart?x=1", null);
    expect(await screen.findByRole("heading", { name: "Log in page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent("/cart?x=1")}`);
  });

  it("shows the page to a signed-in user", () => {
    renderAt("/cart", shopper);
    expect(screen.getByRole("heading", { name: "Cart page" })).toBeTruthy();
  });
});
