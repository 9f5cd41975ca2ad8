import type { EditorState } from './editor-state';

/** What the editor keeps in the browser for a match while its changes are not saved. */
export interface StatsDraft {
  savedAt: string;
  state: EditorState;
}

const key = (matchId: string) => `fantarift:stats-draft:${matchId}`;

/** The stored draft of a match, if it still fits the match (same teams and format), else null. */
export function loadDraft(matchId: string, fits: Pick<EditorState, 'team1' | 'team2' | 'format'>) {
  try {
    const raw = window.localStorage.getItem(key(matchId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as StatsDraft;
    const s = draft?.state;
    if (
      typeof draft.savedAt !== 'string' ||
      !s ||
      !Array.isArray(s.games) ||
      s.team1 !== fits.team1 ||
      s.team2 !== fits.team2 ||
      s.format !== fits.format
    ) {
      clearDraft(matchId);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(matchId: string, state: EditorState, now = new Date()) {
  try {
    window.localStorage.setItem(key(matchId), JSON.stringify({ savedAt: now.toISOString(), state }));
  } catch {
    // storage full or disabled: the confirmation on close still protects the typed data
  }
}

export function clearDraft(matchId: string) {
  try {
    window.localStorage.removeItem(key(matchId));
  } catch {
    // nothing stored
  }
}

/** Same data, whichever game tab is open. */
export function sameEditorData(a: EditorState, b: EditorState): boolean {
  return JSON.stringify({ ...a, currentGame: 0 }) === JSON.stringify({ ...b, currentGame: 0 });
}
