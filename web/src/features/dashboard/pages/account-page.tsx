import type { ReactNode } from "react";

import { CardSection } from "@/components/card";
import { BagRemindersSettingForm } from "@/features/dashboard/components/bag-reminders-setting";
import { ChangeEmailForm } from "@/features/dashboard/components/change-email-form";
import { ChangePasswordForm } from "@/features/dashboard/components/change-password-form";
import { DeleteAccount } from "@/features/dashboard/components/delete-account";
import { EmailVerificationStatus } from "@/features/dashboard/components/email-verification-status";
import { SignedInDevices } from "@/features/dashboard/components/signed-in-devices";
import { SignedInPage } from "@/features/dashboard/components/signed-in-page";
import { t } from "@/features/dashboard/messages";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection aria-label={title}>
      <h3 className="mb-4 text-lg font-bold text-ink">{title}</h3>
      {children}
    </CardSection>
  );
}

/** /dashboard/account: the address and its confirmation, the password, reminders, devices, and deletion. */
export function AccountPage() {
  return (
    <SignedInPage title={t("dashboard.account.title")} documentTitle={t("dashboard.account.documentTitle")}>
      {(user) => (
        <div className="flex flex-col gap-6">
          <Section title={t("dashboard.account.email")}>
            <p className="mb-2 break-all text-ink">{user.email}</p>
            <div className="mb-5">
              <EmailVerificationStatus user={user} />
            </div>
            <ChangeEmailForm currentEmail={user.email} />
          </Section>
          <Section title={t("dashboard.account.password")}>
            <ChangePasswordForm />
          </Section>
          <Section title={t("dashboard.account.reminders")}>
            <BagRemindersSettingForm />
          </Section>
          <Section title={t("dashboard.account.devices")}>
            <SignedInDevices />
          </Section>
          <Section title={t("dashboard.account.delete")}>
            <DeleteAccount />
          </Section>
        </div>
      )}
    </SignedInPage>
  );
}
