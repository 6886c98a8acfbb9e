/**
 * The API bearer token (SPEC section 4): stored in local browser storage under `accesstoken`
 * after sign-in, sent by the API client on every call. Storage can be unavailable (privacy
 * modes, blocked cookies); then the app simply runs without a stored token.
 */
export const ACCESS_TOKEN_STORAGE_KEY = "accesstoken";

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage unavailable: the session cookie still authenticates requests.
  }
}

export function clearAccessToken(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
