import type { ReactNode } from "react";

import { CardSection } from "@/components/card";
import { PageTitle } from "@/components/page-title";
import { BagRemindersSettingForm } from "@/features/dashboard/components/bag-reminders-setting";
import { ChangeEmailForm } from "@/features/dashboard/components/change-email-form";
import { ChangePasswordForm } from "@/features/dashboard/components/change-password-form";
import { DeleteAccount } from "@/features/dashboard/components/delete-account";
import { EmailVerificationStatus } from "@/features/dashboard/components/email-verification-status";
import { SignedInDevices } from "@/features/dashboard/components/signed-in-devices";
import { useSession } from "@/lib/session";

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
  const { user } = useSession();
  return (
    <>
      <PageTitle
        title="Account & security"
        level={2}
        documentTitle="Account & security · Dashboard"
        className="mb-6"
      />
      {user ? (
        <div className="flex flex-col gap-6">
          <Section title="E-mail address">
            <p className="mb-2 break-all text-ink">{user.email}</p>
            <div className="mb-5">
              <EmailVerificationStatus user={user} />
            </div>
            <ChangeEmailForm currentEmail={user.email} />
          </Section>
          <Section title="Password">
            <ChangePasswordForm />
          </Section>
          <Section title="Reminders">
            <BagRemindersSettingForm />
          </Section>
          <Section title="Signed-in devices">
            <SignedInDevices />
          </Section>
          <Section title="Delete my account">
            <DeleteAccount />
          </Section>
        </div>
      ) : null}
    </>
  );
}
