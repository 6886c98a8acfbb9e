import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ACCESS_TOKEN_STORAGE_KEY } from "@/lib/access-token";
import { ApiError } from "@/lib/api-client";
import {
  forgetSession,
  loadSession,
  readSessionUser,
  sessionQueryKey,
  watchForEndedSession,
  type SessionUser,
} from "@/lib/session";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const sessionOf = (email: string) => ({
  user: { id: "u1", email, name: "Sam", image: null, role: "user", emailVerified: true },
  session: { id: "s1" },
});
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method ?? "GET",
    bearer: new Headers(init?.headers).get("Authorization"),
  }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("reading the session", () => {
  it("keeps the user's id, e-mail, name, picture, role and language", () => {
    expect(
      readSessionUser({
        user: {
          id: "1",
          email: "a@b.co",
          name: "A",
          image: "/a.png",
          role: "admin",
          emailVerified: true,
          language: "bn",
        },
      }),
    ).toEqual({
      id: "1",
      email: "a@b.co",
      name: "A",
      image: "/a.png",
      role: "admin",
      emailVerified: true,
      language: "bn",
    });
  });

  it("reads no language from an account without one, or with one the app has no catalogue for", () => {
    expect(readSessionUser({ user: { id: "1", email: "a@b.co" } })?.language).toBeNull();
    expect(readSessionUser({ user: { id: "1", email: "a@b.co", language: "xx" } })?.language).toBeNull();
  });

  it("reads nobody from null or a malformed answer, and any unknown role as a user", () => {
    expect(readSessionUser(null)).toBeNull();
    expect(readSessionUser({ user: { email: "a@b.co" } })).toBeNull();
    expect(readSessionUser({ user: { id: "1", email: "a@b.co", role: "root" } })?.role).toBe("user");
  });
});

describe("loadSession", () => {
  it("fetches and stores the access token for a cookie session without one (e.g. back from Google)", async () => {
    fetchMock
      .mockResolvedValueOnce(json(sessionOf("sam@shop.com")))
      .mockResolvedValueOnce(json({ token: "tok.sig" }));

    const user = await loadSession();

    expect(user?.email).toBe("sam@shop.com");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe("tok.sig");
    expect(calls()).toEqual([
      { url: "/api/auth/get-session", method: "GET", bearer: null },
      { url: "/api/user/sam%40shop.com", method: "PUT", bearer: null },
    ]);
  });

  it("keeps a stored token and asks for no new one", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "tok.sig");
    fetchMock.mockResolvedValueOnce(json(sessionOf("sam@shop.com")));

    await loadSession();

    expect(calls()).toEqual([{ url: "/api/auth/get-session", method: "GET", bearer: "Bearer tok.sig" }]);
  });

  it("drops a stale token and asks again with the cookie alone", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "old.sig");
    fetchMock
      .mockResolvedValueOnce(json(null))
      .mockResolvedValueOnce(json(sessionOf("sam@shop.com")))
      .mockResolvedValueOnce(json({ token: "new.sig" }));

    const user = await loadSession();

    expect(user?.email).toBe("sam@shop.com");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe("new.sig");
    expect(calls()[1]?.bearer).toBeNull();
  });

  it("answers nobody, and stores nothing, when nobody is signed in", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "old.sig");
    fetchMock.mockImplementation(async () => json(null));

    expect(await loadSession()).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe("signing out and ended sessions", () => {
  const sam: SessionUser = {
    id: "u1",
    email: "sam@shop.com",
    name: "Sam",
    image: null,
    role: "user",
    emailVerified: true,
  };

  function signedInClient() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, sam);
    queryClient.setQueryData(["carts", sam.email], [{ _id: "line-1" }]);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "tok.sig");
    return queryClient;
  }

  it("forgetSession drops the token and every cached answer, and leaves the session null", () => {
    const queryClient = signedInClient();
    forgetSession(queryClient);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(["carts", sam.email])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it("a 401 from any API call signs the browser out", async () => {
    const queryClient = signedInClient();
    const stop = watchForEndedSession(queryClient);
    await queryClient
      .fetchQuery({
        queryKey: ["carts", sam.email, "again"],
        queryFn: () => Promise.reject(new ApiError({ status: 401, title: "Unauthorized" })),
      })
      .catch(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toBeNull());
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    stop();
  });

  it("a wrong password (a 401 of a sign-in) or a 403 is not an ended session", async () => {
    const queryClient = signedInClient();
    const stop = watchForEndedSession(queryClient);
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: ["auth", "sign-in"],
        mutationFn: () => Promise.reject(new ApiError({ status: 401, title: "Invalid email or password" })),
      })
      .execute(undefined)
      .catch(() => undefined);
    await queryClient
      .fetchQuery({
        queryKey: ["admin-only"],
        queryFn: () => Promise.reject(new ApiError({ status: 403, title: "Forbidden" })),
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(sam);
    stop();
  });
});
