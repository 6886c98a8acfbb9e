import { paths } from "@/config/paths";

/** The query parameter naming the page to return to after signing in. */
export const REDIRECT_PARAM = "redirectTo";

const FALLBACK = paths.home.getHref();
const AUTH_PAGES: readonly string[] = [paths.login.path, paths.register.path];
const PROBE_ORIGIN = "http://shop.invalid";

/**
 * Where to go after signing in: the page the shopper originally asked for, if it is a page of
 * this shop. Anything else (another site, `//evil.example`, `javascript:`, the login or register
 * page itself) falls back to the home page, so a crafted link cannot send a user elsewhere.
 */
export function safeRedirectTarget(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith("/")) return FALLBACK;
  let url: URL;
  try {
    url = new URL(requested, PROBE_ORIGIN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== PROBE_ORIGIN) return FALLBACK;
  if (AUTH_PAGES.includes(url.pathname)) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The redirect target of the login page's address (`/login?redirectTo=/cart`). */
export function redirectTargetFrom(search: URLSearchParams): string {
  return safeRedirectTarget(search.get(REDIRECT_PARAM));
}
