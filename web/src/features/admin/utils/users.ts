import type { UserSummary } from "@shop/contract/admin";

import { getErrorMessage, isApiError } from "@/lib/api-client";
import { t } from "@/features/admin/messages";

/** Who a row is about, for button names: "Ann (ann@example.com)", or the e-mail alone. */
export function describeUser(user: Pick<UserSummary, "name" | "email">): string {
  const name = user.name.trim();
  return name ? t("admin.userWithEmail", { name, email: user.email }) : user.email;
}

/** SPEC section 8: a 403 on promotion says 'Failed to make an admin'; other failures add why. */
export function makeAdminErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 403) return t("admin.makeAdminFailed");
  return t("admin.makeAdminFailedBecause", { reason: getErrorMessage(error) });
}

export function isSameUser(user: Pick<UserSummary, "email">, email: string | undefined): boolean {
  return email !== undefined && user.email.toLowerCase() === email.toLowerCase();
}
