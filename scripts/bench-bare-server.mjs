// The bench's baseline: a bare node:http server in its own process (as the shop is), answering
// every request with the status, headers and body the parent last sent it (the shop's own answer,
// byte for byte but for the date). The most Node can do on this machine.
import { createServer } from "node:http";

let answer = { status: 200, head: [], body: Buffer.alloc(0) };

process.on("message", (message) => {
  const body = Buffer.from(message.body, "base64");
  answer = {
    status: message.status,
    head: [...message.headers, "content-length", String(body.length)],
    body,
  };
  process.send?.({ ready: true });
});

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(answer.status, answer.head);
  response.end(answer.body);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
