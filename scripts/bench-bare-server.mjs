// The bench's baseline: a bare node:http server in its own process (as the shop is), answering
// every request with the bytes the parent last sent it. The most Node can do on this machine.
import { createServer } from "node:http";

let answer = { status: 200, type: "application/json", body: Buffer.alloc(0) };

process.on("message", (message) => {
  answer = { status: message.status, type: message.type, body: Buffer.from(message.body, "base64") };
  process.send?.({ ready: true });
});

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(answer.status, { "content-type": answer.type, "content-length": answer.body.length });
  response.end(answer.body);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
