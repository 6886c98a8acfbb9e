import net from "node:net";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Set by closeGracefully(): every answer from then on closes its connection. */
    draining: boolean;
  }
}

/** While draining, answers say "Connection: close", so no client sends another request. */
export function registerDraining(app: FastifyInstance) {
  app.decorate("draining", false);
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (app.draining) reply.header("connection", "close");
    done(null, payload);
  });
}

export interface GracefulCloseOptions {
  /**
   * How long a connection that looks idle is left open before it is closed. A request the
   * client has sent may still wait unread in the socket while the server is busy: closing
   * at once would reset it, though it was sent to us before we stopped.
   */
  idleGraceMs?: number;
  /** How often idle connections are closed after that. */
  sweepMs?: number;
}

/**
 * Stops taking connections, finishes every request on the open ones (answering each with
 * "Connection: close"), closes connections as they fall idle, and then closes the app.
 */
export async function closeGracefully(
  app: FastifyInstance,
  { idleGraceMs = 1_000, sweepMs = 100 }: GracefulCloseOptions = {},
) {
  const { server } = app;
  app.draining = true;
  // http.Server#close would also close every idle-looking connection at once; the plain
  // net.Server#close only stops listening. Its callback runs when the last connection ends.
  // Node has no public way to say so; graceful-close.test.ts fails if this stops holding.
  const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), sweepMs);
  }, idleGraceMs);
  try {
    await drained;
  } finally {
    clearTimeout(grace);
    clearInterval(sweep);
  }
  // The server is closed already; this runs the onClose hooks (change feed, rate-limit store).
  await app.close();
}
