import net from "node:net";
import type { App } from "../../src/app";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one HTTP/1.1 request byte for byte as given: the request target is not parsed or
 * normalised on the way (app.inject and fetch both would), which is what a path-spelling attack
 * relies on.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const body = options.body ?? "";
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(body ? { "content-type": "application/json" } : {}),
    "content-length": String(Buffer.byteLength(body)),
    ...options.headers,
  };
  const head = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => resolve(parseResponse(Buffer.concat(chunks).toString("utf8"))));
    socket.write(`${head.join("\r\n")}\r\n\r\n${body}`);
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = text.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** Listens on a free loopback port and answers it. */
export async function listenOnFreePort(app: App): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
