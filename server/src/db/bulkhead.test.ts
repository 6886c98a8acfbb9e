import { describe, expect, it } from "vitest";
import { Bulkhead } from "./bulkhead";

/** A task that runs until its `finish` is called, noting when it started. */
function pendingTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("Bulkhead", () => {
  it("runs at most its limit at once and the rest in arrival order", async () => {
    const bulkhead = new Bulkhead(2);
    const log: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((name) => pendingTask(log, name));
    const results = tasks.map(({ task }) => bulkhead.run(task));
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    expect(bulkhead.queued).toBe(2);

    tasks[1]!.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "end b", "start c"]);
    tasks[0]!.finish();
    await settle();
    expect(log.slice(-2)).toEqual(["end a", "start d"]);
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(bulkhead.queued).toBe(0);
  });

  it("passes the turn on when a task fails, and reports the failure to its caller", async () => {
    const bulkhead = new Bulkhead(1);
    const failing = bulkhead.run(async () => {
      throw new Error("declined");
    });
    const next = bulkhead.run(async () => "placed");
    await expect(failing).rejects.toThrow("declined");
    expect(await next).toBe("placed");
    // The limit is whole again: two in a row each run at once.
    const log: string[] = [];
    const first = pendingTask(log, "first");
    const running = bulkhead.run(first.task);
    await settle();
    expect(log).toEqual(["start first"]);
    first.finish();
    expect(await running).toBe("first");
  });
});
