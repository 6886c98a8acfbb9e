import { Component, type ErrorInfo, type ReactNode } from "react";

import { Button } from "@/components/button";
import { RefreshIcon } from "@/components/icons";

/** A page's code chunk failed to download, or did not arrive in time. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(
      timedOut ? "Loading this page took too long." : "This page could not be loaded.",
      cause === undefined ? undefined : { cause },
    );
    this.timedOut = timedOut;
  }
}

type Props = {
  children: ReactNode;
  /** Starts a fresh download of the chunk. */
  onRetry: () => void;
};

type State = { error: Error | null };

/**
 * Catches chunk-loading failures of one lazy page and offers a retry (SPEC section 9). Any other
 * error is re-thrown to the route's error boundary.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (error instanceof ChunkLoadError) {
      console.warn("Page chunk failed to load", error, info.componentStack);
    }
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ChunkLoadErrorMessage error={error} onRetry={this.retry} />;
  }
}

function ChunkLoadErrorMessage({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto my-16 max-w-md text-center">
      <h1 className="text-2xl font-bold text-ink">{error.message}</h1>
      <p className="mt-3 text-ink-muted">
        {error.timedOut
          ? "The connection seems slow or interrupted."
          : "The connection may have dropped, or the shop was just updated."}{" "}
        Please try again.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry} icon={<RefreshIcon />}>
          Try again
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </div>
  );
}
