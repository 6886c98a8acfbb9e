import type { FastifyInstance } from "fastify";

/**
 * Runs `task` every `everyMs` on this instance, from when the app is ready until it closes (which
 * waits for a run under way). Runs never overlap; a failed run is logged and the next one tries
 * again. Every instance runs its own: the tasks are written so that two at once do no harm.
 */
export function runPeriodically(
  app: FastifyInstance,
  options: { everyMs: number; name: string; runAtStart?: boolean },
  task: () => Promise<unknown>,
) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    if (options.runAtStart) run();
    timer = setInterval(run, options.everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
