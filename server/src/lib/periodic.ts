/**
 * Runs `task` every `intervalMs` in the background, never two runs at once (a tick that comes
 * while one runs is skipped). The returned stop waits for a run under way, so what it uses (the
 * database) is not closed under it at shutdown.
 */
export function runEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
