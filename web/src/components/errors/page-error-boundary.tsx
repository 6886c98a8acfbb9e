import { Component, type ErrorInfo, type ReactNode } from "react";

import { Button } from "@/components/button";
import { RouteError } from "@/components/errors/route-error";
import { RefreshIcon } from "@/components/icons";
import { t } from "@/lib/i18n";

/** A page's code chunk failed to download, or did not arrive in time. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(
      t("errors.chunk", { timedOut: timedOut ? "yes" : "no" }),
      cause === undefined ? undefined : { cause },
    );
    this.timedOut = timedOut;
  }
}

type Props = {
  children: ReactNode;
  /** Starts a fresh download of the chunk. */
  onRetry: () => void;
  /** The address shown; when it changes (the shopper went elsewhere) the error is forgotten. */
  resetKey: string;
};

type State = { error: Error | null; resetKey: string };

/**
 * The error boundary of one lazily loaded page. A chunk that failed to download offers a retry
 * (SPEC section 9); any other error shows the friendly route error. Either way the shell (and a
 * layout such as the dashboard's) around the page keeps working.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (error instanceof ChunkLoadError) {
      console.warn("Page chunk failed to load", error, info.componentStack);
    } else {
      console.error("Route error", error, info.componentStack);
    }
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) return <RouteError />;
    return <ChunkLoadErrorMessage error={error} onRetry={this.retry} />;
  }
}

function ChunkLoadErrorMessage({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto my-16 max-w-md text-center">
      <h1 className="text-2xl font-bold text-ink">{error.message}</h1>
      <p className="mt-3 text-ink-muted">{t("errors.chunkText")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry} icon={<RefreshIcon />}>
          {t("errors.tryAgain")}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t("errors.reload")}
        </Button>
      </div>
    </div>
  );
}
