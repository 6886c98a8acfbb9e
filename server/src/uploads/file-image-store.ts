import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, IMAGE_NAME, type ImageStore } from "./image-store";

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Images as files in one folder: the embedded default (DATA_DIR/uploads), one instance. */
export function createFileImageStore(directory: string): ImageStore {
  const fileOf = (name: string) => {
    if (!IMAGE_NAME.test(name)) throw new Error(`Not an image name: ${name}`);
    return path.join(directory, name);
  };
  return {
    kind: "files",
    async put(name, bytes) {
      await mkdir(directory, { recursive: true });
      try {
        await writeFile(fileOf(name), bytes, { flag: "wx" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    },
    async get(name) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        const file = fileOf(name);
        const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
        // Size and modification time, as static file servers do: the file never changes.
        return {
          bytes,
          contentType: contentTypeOf(name),
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(name) {
      if (!IMAGE_NAME.test(name)) return false;
      try {
        return (await stat(fileOf(name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      yield* names.filter((name) => IMAGE_NAME.test(name)).sort();
    },
    close: async () => {},
  };
}
