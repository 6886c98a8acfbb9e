import { Component, type ErrorInfo, type ReactNode } from "react";

import { Button } from "@/components/button";
import { PageContainer } from "@/components/page-container";
import { t } from "@/lib/i18n";

/** What the shopper sees when a page broke while rendering: a friendly message and a way home. */
export function RouteError() {
  return (
    <PageContainer>
      <div role="alert" className="mx-auto max-w-xl py-16 text-center">
        <title>{t("errors.title")}</title>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("errors.heading")}</h1>
        <p className="mt-4 text-ink-muted">{t("errors.text")}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
          <Button to="/" variant="secondary" reloadDocument>
            {t("errors.goHome")}
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}

/** The same message when the shell itself failed: a bare page, without top bar and footer. */
export function RootRouteError() {
  return (
    <main id="main-content" className="min-h-dvh bg-canvas">
      <RouteError />
    </main>
  );
}

type Props = {
  children: ReactNode;
  /** The address shown; when it changes (the shopper went elsewhere) the error is forgotten. */
  resetKey: string;
  /** What replaces the children after an error. */
  fallback: ReactNode;
};

type State = { failed: boolean; resetKey: string };

/**
 * A route's error boundary: whatever broke while rendering, the shopper gets `fallback` instead
 * of a blank page, and the next address renders normally again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Route error", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
