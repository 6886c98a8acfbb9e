import type { ReactNode } from "react";
import { Link } from "react-router";

import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

export type AuthCardProps = {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "New here? Register". */
  footer?: ReactNode;
};

/** The frame of the login and register pages: a centred card with the page's heading. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <PageContainer className="flex justify-center">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-line bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
          <PageTitle title={title} subtitle={subtitle} className="mb-6" />
          {children}
        </div>
        {footer ? <p className="mt-6 text-center text-ink-muted">{footer}</p> : null}
      </div>
    </PageContainer>
  );
}

/** A link in the card's footer, e.g. "Forgot your password?" or "Register". */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
