import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ShellLayout } from "@/app/layout/shell-layout";
import { sessionQueryKey, type SessionUser } from "@/lib/session";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada: SessionUser = {
  id: "u1",
  email: "ada@shop.com",
  name: "Ada",
  image: null,
  role: "user",
  emailVerified: true,
};

/** `user` "loading": the session is still loading. */
function renderShell(path = "/", user: SessionUser | null | "loading" = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (user !== "loading") queryClient.setQueryData(sessionQueryKey, user);
  // The session query asks the server: an answer that never comes keeps it loading.
  else vi.stubGlobal("fetch", () => new Promise<never>(() => {}));
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: ShellLayout,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: "blog", element: <h1>Blog page</h1> },
        ],
      },
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

describe("ShellLayout", () => {
  it("has the header, main and footer landmarks and a skip link", () => {
    renderShell();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Skip to content" })).toBeTruthy();
  });

  it("links Home, Products, Dashboard and Blogs, Log in and Register", () => {
    renderShell();
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0]!;
    for (const name of ["Home", "Products", "Dashboard", "Blogs"]) {
      expect(within(nav).getByRole("link", { name })).toBeTruthy();
    }
    expect(screen.getAllByRole("link", { name: "Log in" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Register" }).length).toBeGreaterThan(0);
  });

  it("shows Sign out instead of Log in, and the avatar online, once a user is signed in", () => {
    renderShell("/", ada);
    expect(screen.queryAllByRole("link", { name: "Log in" })).toHaveLength(0);
    expect(screen.getAllByRole("button", { name: "Sign out" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Register" }).length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "Ada (online)" })).toBeTruthy();
  });

  it("shows the avatar offline when nobody is signed in", () => {
    renderShell("/", null);
    expect(screen.getByRole("img", { name: "Guest (offline)" })).toBeTruthy();
  });

  it("shows the avatar busy and a spinner while the sign-in state loads", () => {
    renderShell("/", "loading");
    expect(screen.getByRole("img", { name: "Guest (busy)" })).toBeTruthy();
    expect(screen.getAllByRole("status", { name: "Loading sign-in state…" }).length).toBeGreaterThan(0);
  });

  it("links the cart without a badge while it is empty", () => {
    renderShell();
    const cart = screen.getByRole("link", { name: "Cart, empty" });
    expect(cart.getAttribute("href")).toBe("/cart");
    expect(cart.textContent).toBe("");
  });

  it("opens and closes the mobile menu with its button", () => {
    renderShell();
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(screen.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("'Get updates' asks the server for a confirmation mail from the footer, and stays on the page", async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ message: "Check your inbox: we sent a link to confirm." }), {
        status: 202,
        headers: { "content-type": "application/json" },
      });
    });
    const router = renderShell("/blog");
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "a@b.co" } });
    fireEvent.submit(screen.getByRole("button", { name: "Subscribe" }).closest("form")!);
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/Check your inbox/));
    expect(calls).toEqual([
      { url: "/api/newsletter/subscribe", body: { email: "a@b.co", source: "footer" } },
    ]);
    expect(router.state.location.pathname).toBe("/blog");
  });

  it("'Get updates' shows the server's refusal", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            title: "Too Many Requests",
            status: 429,
            detail: "Too many attempts. Try again later.",
          }),
          {
            status: 429,
            headers: { "content-type": "application/problem+json" },
          },
        ),
    );
    renderShell("/blog");
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "a@b.co" } });
    fireEvent.submit(screen.getByRole("button", { name: "Subscribe" }).closest("form")!);
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/Too many attempts/));
  });

  it("shows the 2021 copyright", () => {
    renderShell();
    expect(within(screen.getByRole("contentinfo")).getByText(/© 2021/)).toBeTruthy();
  });
});
