import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../src/config";

export interface LocalS3 {
  settings: S3Config;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free port with one empty bucket, in a temporary folder. */
export async function startLocalS3(bucket = "shop-images"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "shop-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's fixed development credentials.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      prefix: "shop/",
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
