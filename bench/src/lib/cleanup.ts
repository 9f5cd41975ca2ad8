/** Things to undo however the run ends (normal end, error, Ctrl-C): servers to stop, databases to drop. */
type Task = { name: string; fn: () => Promise<void> };
const tasks: Task[] = [];

/** Registers an undo step; returns a function that runs it now (once) and forgets it. */
export function onCleanup(name: string, fn: () => Promise<void>): () => Promise<void> {
  const task: Task = { name, fn };
  tasks.push(task);
  return async () => {
    const i = tasks.indexOf(task);
    if (i < 0) return;
    tasks.splice(i, 1);
    await fn();
  };
}

/** Runs every pending step, newest first; a failing step is reported and the others still run. */
export async function runCleanup(): Promise<void> {
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    try {
      await task.fn();
    } catch (err) {
      console.warn(`cleanup "${task.name}" failed: ${(err as Error).message}`);
    }
  }
}
