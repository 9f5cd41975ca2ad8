import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatDateTime } from '@/lib/format';
import type { AdminJob, AdminJobKind } from './api/get-admin-job';

const LABELS: Record<
  AdminJobKind,
  { running: string; done: string; failed: string; bar: string; started: string; ended: [string, string] }
> = {
  recalculation: {
    started: 'Avviato da',
    ended: ['finito', 'interrotto'],
    running: 'Ricalcolo in corso',
    done: 'Ultimo ricalcolo completato',
    failed: 'Ultimo ricalcolo non completato',
    bar: 'Avanzamento del ricalcolo',
  },
  import: {
    started: 'Avviata da',
    ended: ['finita', 'interrotta'],
    running: 'Importazione in corso',
    done: 'Ultima importazione completata',
    failed: 'Ultima importazione non completata',
    bar: 'Avanzamento dell’importazione',
  },
};

/**
 * A league's recalculation or import as the server reports it: while it runs, its phase and a
 * bar with the percentage, and who started it when; afterwards, its outcome. Whoever opens the page (the
 * admin after a reload, or a second admin) sees the same job.
 */
export function JobProgress({ job, kind }: { job: AdminJob | null | undefined; kind: AdminJobKind }) {
  const id = useId();
  if (!job) return null;
  const labels = LABELS[kind];
  const who = `${job.startedByName}, ${formatDateTime(job.startedAt)}`;
  if (job.status === 'running') {
    return (
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border p-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-sm">
            <Loader2 aria-hidden="true" className="size-4 animate-spin text-brand" />
            {labels.running}
          </h3>
          <span className="text-muted-foreground text-xs">
            {labels.started} {who}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={labels.bar}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.percent}
            aria-valuetext={`${job.phase}: ${job.percent}%`}
            className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width] duration-500"
              style={{ width: `${job.percent}%` }}
            />
          </div>
          <span className="w-12 text-right font-medium text-sm tabular-nums">{job.percent}%</span>
        </div>
        <p role="status" className="break-words text-muted-foreground text-sm">
          {job.phase}
        </p>
      </section>
    );
  }
  const failed = job.status === 'failed';
  const when = job.finishedAt ? formatDateTime(job.finishedAt) : formatDateTime(job.startedAt);
  return (
    <Alert variant={failed ? 'destructive' : 'default'} role="status">
      {failed ? (
        <AlertCircle aria-hidden="true" />
      ) : (
        <CheckCircle2 aria-hidden="true" className="text-success" />
      )}
      <AlertTitle>{failed ? labels.failed : labels.done}</AlertTitle>
      <AlertDescription className="break-words">
        {job.message && <p>{job.message}</p>}
        <p className="text-muted-foreground text-xs">
          {labels.started} {job.startedByName} · {labels.ended[failed ? 1 : 0]} il {when}
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** The `details` of a 409 JOB_RUNNING answer: the job that is already running. */
export function isRunningJob(details: unknown): details is { job: AdminJob } {
  const job = (details as { job?: Partial<AdminJob> } | null | undefined)?.job;
  return typeof job === 'object' && job !== null && job.status === 'running' && typeof job.id === 'string';
}

/**
 * Calls `onFinished` once when a job seen running is seen finished (done or failed): a job started
 * elsewhere (another admin, before a reload) changes the data this page shows only when it ends.
 */
export function useJobFinished(job: AdminJob | null | undefined, onFinished: (job: AdminJob) => void) {
  const running = useRef<string | null>(null);
  const callback = useRef(onFinished);
  callback.current = onFinished;
  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') running.current = job.id;
    else if (running.current === job.id) {
      running.current = null;
      callback.current(job);
    }
  }, [job]);
}
