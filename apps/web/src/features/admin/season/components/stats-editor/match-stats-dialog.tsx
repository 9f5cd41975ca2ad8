import { DEFAULT_SCORING_RULES, MESSAGES, ScoringRulesSchema } from '@fantarift/core';
import { History } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { ConfirmDialog } from '../../../components/ui-extra/confirm-dialog';
import { LoadingSkeletons } from '../../../shared/loading-skeletons';
import { TitledDialog } from '../../../shared/manage-dialog';
import { useChampionOptions } from '../../api/get-champion-options';
import { useMatchStats } from '../../api/get-match-stats';
import { useSaveMatchStats } from '../../api/save-match-stats';
import type { AdminMatch } from '../../api/types';
import { useClosedWeekConfirmation } from '../closed-week-confirmation';
import { clearDraft, loadDraft, type StatsDraft, sameEditorData, saveDraft } from './draft-storage';
import { type EditorState, initialEditorState } from './editor-state';
import { MatchStatsEditor, type MatchStatsEditorHandle } from './match-stats-editor';

interface MatchStatsDialogProps {
  match: AdminMatch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Statistiche" of a match: the editor in a dialog titled with the two teams. Closing it (Escape, a
 * click outside, the X) with unsaved changes asks first; the changes are also kept as a draft in the
 * browser, offered again after a reload or a closed tab.
 */
export function MatchStatsDialog({ match, open, onOpenChange }: MatchStatsDialogProps) {
  // `dirty` arms the browser's leave warning; the close question asks the editor itself (below)
  const [dirty, setDirty] = useState(false);
  const editor = useRef<MatchStatsEditorHandle>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);

  // a reload or a closed tab keeps the draft, but the browser still warns before leaving
  useEffect(() => {
    if (!open || !dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, dirty]);

  const close = () => {
    setDirty(false);
    setConfirmingClose(false);
    onOpenChange(false);
  };

  return (
    <>
      <TitledDialog
        open={open}
        onOpenChange={(next) => {
          // The editor's values as they are now: `dirty` comes from an effect and lands in a
          // render of its own, which an Escape right after a keystroke can beat.
          if (!next && editor.current?.isDirty()) setConfirmingClose(true);
          else if (next) onOpenChange(true);
          else close();
        }}
        className="sm:max-w-5xl"
        title={`${match.team1} vs ${match.team2}`}
        description={`BO${match.matchFormat} · ${formatDateTime(match.date)} · Giornata ${match.matchDay}`}
      >
        {open && <EditorLoader match={match} editor={editor} onSaved={close} onDirtyChange={setDirty} />}
      </TitledDialog>
      <ConfirmDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title={MESSAGES.stats.unsavedTitle}
        description={MESSAGES.stats.unsavedConfirm}
        confirmLabel={MESSAGES.stats.discardChanges}
        cancelLabel={MESSAGES.stats.keepEditing}
        destructive
        onConfirm={() => {
          clearDraft(match.id);
          close();
        }}
      />
    </>
  );
}

type DraftChoice = { kind: 'pending'; draft: StatsDraft } | { kind: 'decided'; state?: EditorState };

function EditorLoader({
  match,
  editor,
  onSaved,
  onDirtyChange,
}: {
  match: AdminMatch;
  editor: RefObject<MatchStatsEditorHandle | null>;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const statsQuery = useMatchStats(match.id);
  const championsQuery = useChampionOptions();
  const save = useSaveMatchStats();
  const closedWeek = useClosedWeekConfirmation();
  const [choice, setChoice] = useState<DraftChoice | null>(null);

  // once the stored statistics are here, a draft that differs from them is offered back
  useEffect(() => {
    if (!statsQuery.data || choice !== null) return;
    const stored = initialEditorState(statsQuery.data);
    const draft = loadDraft(match.id, stored);
    if (draft && !sameEditorData(draft.state, stored)) setChoice({ kind: 'pending', draft });
    else {
      clearDraft(match.id);
      setChoice({ kind: 'decided' });
    }
  }, [statsQuery.data, choice, match.id]);

  const rules = useMemo(() => {
    if (!statsQuery.data) return null;
    const parsed = ScoringRulesSchema.safeParse(statsQuery.data.rules);
    return parsed.success ? parsed.data : null;
  }, [statsQuery.data]);
  const rulesMissing = statsQuery.isSuccess && rules === null;
  useEffect(() => {
    if (rulesMissing) toast.warning(MESSAGES.scoring.usingDefaults);
  }, [rulesMissing]);

  if (statsQuery.isError) {
    return (
      <LoadErrorAlert
        title={MESSAGES.stats.loadFailed}
        detail={<p>{statsQuery.error.message}</p>}
        retryLabel={MESSAGES.common.reload}
        onRetry={() => statsQuery.refetch()}
      />
    );
  }
  if (statsQuery.isPending || choice === null) {
    return <LoadingSkeletons className="flex flex-col gap-3" skeletons={['h-9 w-full', 'h-40 w-full']} />;
  }

  if (choice.kind === 'pending') {
    return (
      <Alert variant="warning" role="alert">
        <History aria-hidden="true" />
        <AlertDescription>
          <p>{MESSAGES.stats.draftFound(formatDateTime(choice.draft.savedAt))}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setChoice({ kind: 'decided', state: choice.draft.state })}>
              {MESSAGES.stats.restoreDraft}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                clearDraft(match.id);
                setChoice({ kind: 'decided' });
              }}
            >
              {MESSAGES.stats.discardDraft}
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <>
      {championsQuery.isError && (
        <p role="alert" className="text-destructive text-sm">
          {MESSAGES.champions.loadFailed}
        </p>
      )}
      <MatchStatsEditor
        ref={editor}
        // No key from the query: a background refetch must not reset what is being typed (each
        // opening of the dialog mounts the editor afresh from the stored values anyway).
        data={statsQuery.data}
        rules={rules ?? DEFAULT_SCORING_RULES}
        champions={championsQuery.data ?? []}
        saving={save.isPending}
        initialState={choice.state}
        onChange={(state, dirty) => {
          onDirtyChange(dirty);
          if (dirty) saveDraft(match.id, state);
          else clearDraft(match.id);
        }}
        onSave={function submit(body, confirmClosedWeek = false) {
          save.mutate(
            { matchId: match.id, leagueId: match.leagueId, body, confirmClosedWeek },
            {
              onSuccess: (result) => {
                clearDraft(match.id);
                toast.success(result.message);
                onSaved();
              },
              onError: (error) => {
                if (closedWeek.intercept(error, () => submit(body, true))) return;
                toast.error(
                  isApiError(error) && error.isClientError ? error.message : MESSAGES.stats.saveFailed,
                );
              },
            },
          );
        }}
      />
      {closedWeek.dialog}
    </>
  );
}
