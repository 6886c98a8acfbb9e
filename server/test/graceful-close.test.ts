import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeGracefully } from "../src/http/graceful-close";
import { createTestApp, type TestContext } from "./support/test-app";

let context: TestContext;
let base: string;

beforeAll(async () => {
  context = await createTestApp();
  base = await context.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => context.close());

interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
}

function get(agent: http.Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reusedSocket: request.reusedSocket,
        }),
      );
    });
    request.on("error", reject);
  });
}

describe("closing gracefully", () => {
  it("serves requests on open connections with Connection: close, refuses new ones, then closes idle ones", async () => {
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(busy, "/api/health")).toMatchObject({ status: 200, connection: "keep-alive" });
    expect(await get(idle, "/api/health")).toMatchObject({ status: 200, connection: "keep-alive" });

    const started = performance.now();
    let closedAfter = 0;
    const closing = closeGracefully(context.app, { idleGraceMs: 300, sweepMs: 50 }).then(() => {
      closedAfter = performance.now() - started;
    });

    // A client that sends on its open connection is served, and told to close it.
    expect(await get(busy, "/api/health")).toEqual({ status: 200, connection: "close", reusedSocket: true });
    // A new connection is not taken any more.
    await expect(get(new http.Agent(), "/api/health")).rejects.toMatchObject({ code: "ECONNREFUSED" });

    // The idle connection is closed once the grace period is over; then the app closes.
    await closing;
    expect(closedAfter).toBeGreaterThanOrEqual(290);
    expect(closedAfter).toBeLessThan(3_000);
    busy.destroy();
    idle.destroy();
  });
});
