import { MESSAGES } from '@fantarift/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { formatPoints } from '@/lib/format';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';
import type { RestoreChange, RestoreMode, RestoreResult } from '../api/types';

const PREVIEW_ROWS = 20;

const MODES: { mode: RestoreMode; label: string; hint: string }[] = [
  { mode: 'all', label: MESSAGES.pointsTrust.restoreModeAll, hint: MESSAGES.pointsTrust.restoreModeAllHint },
  {
    mode: 'points',
    label: MESSAGES.pointsTrust.restoreModePoints,
    hint: MESSAGES.pointsTrust.restoreModePointsHint,
  },
];

interface RestoreDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** what is being restored (the snapshot's moment, the date) */
  heading: ReactNode;
  /** the server's preview of a mode: nothing is written */
  loadPreview: (mode: RestoreMode) => Promise<RestoreResult>;
  onRestore: (mode: RestoreMode) => void;
  pending: boolean;
}

const arrow = (v: { from: number; to: number }, show: (n: number) => string = String) =>
  v.from === v.to ? show(v.to) : `${show(v.from)} → ${show(v.to)}`;

function holdings(change: RestoreChange) {
  const parts = [
    ...change.playersRemoved.map((n) => `− ${n}`),
    ...change.playersAdded.map((n) => `+ ${n}`),
    ...change.championsRemoved.map((n) => `− ${n}`),
    ...change.championsAdded.map((n) => `+ ${n}`),
  ];
  return parts.length > 0 ? parts.join(', ') : '—';
}

/**
 * A restore (DECISIONS 28): the admin chooses points, coins and holdings together, or points alone;
 * the server's preview of that choice shows what changes per roster before anything is written.
 */
export function RestoreDialog({
  open,
  onOpenChange,
  title,
  heading,
  loadPreview,
  onRestore,
  pending,
}: RestoreDialogProps) {
  const id = useId();
  const [mode, setMode] = useState<RestoreMode | null>(null);
  const [preview, setPreview] = useState<RestoreResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setMode(null);
      setPreview(null);
      setError(null);
    }
  }, [open]);

  useEffect(() => {
    if (!open || !mode) return;
    let current = true;
    setPreview(null);
    setError(null);
    loadPreview(mode).then(
      (result) => current && setPreview(result),
      (err: unknown) =>
        current &&
        setError(isApiError(err) && err.isClientError ? err.message : MESSAGES.recovery.restoreError),
    );
    return () => {
      current = false;
    };
  }, [open, mode, loadPreview]);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title={title}
      description={heading}
      confirmLabel="Ripristina"
      pendingLabel="Ripristino..."
      pending={pending}
      destructive
      confirmDisabled={!mode || !preview || preview.restored === 0}
      onConfirm={() => mode && onRestore(mode)}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Cosa ripristinare</legend>
        {MODES.map((m) => (
          <label
            key={m.mode}
            className="flex cursor-pointer items-start gap-2 rounded-md border p-2 has-checked:border-primary"
          >
            <input
              type="radio"
              name={`${id}-mode`}
              className="mt-1 size-4 accent-primary"
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
              aria-describedby={`${id}-${m.mode}`}
            />
            <span>
              <span className="block font-medium text-sm">{m.label}</span>
              <span id={`${id}-${m.mode}`} className="block text-muted-foreground text-xs">
                {m.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode && (
        <section aria-label={MESSAGES.pointsTrust.restorePreviewTitle} className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">{MESSAGES.pointsTrust.restorePreviewTitle}</h3>
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : !preview ? (
            <p className="text-muted-foreground text-sm" aria-busy="true">
              {MESSAGES.pointsTrust.restorePreviewLoading}
            </p>
          ) : preview.restored === 0 ? (
            <p className="text-muted-foreground text-sm">{MESSAGES.pointsTrust.restorePreviewEmpty}</p>
          ) : (
            <>
              <p className="text-sm">{MESSAGES.pointsTrust.restorePreviewSummary(preview.restored)}</p>
              <div className="max-h-64 overflow-auto rounded-md border">
                <Table>
                  <caption className="sr-only">{MESSAGES.pointsTrust.restorePreviewTitle}</caption>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Utente</TableHead>
                      <TableHead className="text-right">Punti</TableHead>
                      <TableHead className="text-right">Panda Coin</TableHead>
                      <TableHead className="text-right">Burro Coin</TableHead>
                      <TableHead>Giocatori e campioni</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {preview.changes.slice(0, PREVIEW_ROWS).map((c) => (
                      <TableRow key={c.rosterId}>
                        <TableCell>{c.username}</TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">
                          {arrow(c.totalPoints, formatPoints)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">
                          {arrow(c.pandaCoin)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">
                          {arrow(c.burroCoin)}
                        </TableCell>
                        <TableCell className="text-xs">{holdings(c)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {preview.restored > PREVIEW_ROWS && (
                <p className="text-muted-foreground text-xs">e altri {preview.restored - PREVIEW_ROWS}</p>
              )}
              <p className="text-sm">
                {mode === 'all'
                  ? MESSAGES.pointsTrust.restoreConfirmAll
                  : MESSAGES.pointsTrust.restoreConfirmPoints}
              </p>
            </>
          )}
        </section>
      )}
    </ConfirmDialog>
  );
}
