import type { RegisterForm } from "@shop/contract/auth";

import { paths } from "@/config/paths";
import { clearAccessToken } from "@/lib/access-token";
import { api } from "@/lib/api-client";
import { useSessionMutation } from "@/features/auth/api/sign-in";

/** POST /api/auth/sign-up/email: creates the account with its display name and signs it in. */
export async function signUpWithEmail(account: RegisterForm): Promise<void> {
  clearAccessToken();
  // The confirmation mail's link leads to the profile, which shows the address as verified.
  await api.post("/auth/sign-up/email", { ...account, callbackURL: paths.dashboard.root.getHref() });
}

/** Registers, and so signs in (useSessionMutation). */
export const useSignUp = () => useSessionMutation("sign-up", signUpWithEmail);
