import { randomUUID } from "node:crypto";

/** A multipart/form-data body with one file field, as a browser's FormData would send it. */
export function multipartFile(filename: string, contentType: string, content: Buffer, field = "file") {
  const boundary = `----shop-test-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
