import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's headers on every answer. The middleware is built once here: @fastify/helmet builds it
 * again for each request, which parsed the CSP directives on every call (about 2% of a cart
 * request's CPU).
 */
export function registerSecurityHeaders(app: FastifyInstance, baseUrl: string) {
  const https = baseUrl.startsWith("https:");
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the toast library set style attributes; no inline <style> or script runs.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Admins may give a product an external http(s) image URL.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    // The same as the CSP's frame-ancestors, for browsers that only know the older header.
    frameguard: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error?: unknown) => (error instanceof Error ? done(error) : done())),
  );
}
