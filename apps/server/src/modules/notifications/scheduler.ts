import { loggableError } from '../../lib/loggable-error.ts';
import { planReminders } from './planner.ts';
import { deliverDue, PlanningProgress, type SenderDeps } from './sender.ts';

/**
 * The scheduler inside the server (no outside cron): every tick it writes the reminders whose moment has
 * come and, at the same time, sends what is due (the senders take each chunk of a big reminder as soon as
 * the planner commits it). Its state is all in the database, so any number of instances can run it
 * at once (each event is planned by one, each message claimed by one) and a restart loses nothing.
 */
export class NotificationScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: SenderDeps,
    private readonly tickMs: number,
  ) {}

  async tick(now = new Date()): Promise<{ planned: number; email: number; push: number }> {
    const planning = new PlanningProgress();
    const [planned, sent] = await Promise.allSettled([
      planReminders(this.deps.db, now, () => planning.chunk()).finally(() => planning.finish()),
      deliverDue(this.deps, now, { planning }),
    ]);
    if (planned.status === 'rejected') throw planned.reason;
    if (sent.status === 'rejected') throw sent.reason;
    return { planned: planned.value, ...sent.value };
  }

  start(): void {
    this.stopped = false;
    const loop = () => {
      this.running = this.tick()
        .catch((err) => this.deps.log.error({ error: loggableError(err) }, 'notification tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.tickMs);
        });
    };
    loop();
  }

  /** Stops after the tick in progress, before the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
