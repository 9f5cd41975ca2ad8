import { lazy, Suspense, useState } from 'react';
import type { RulesDialogProps } from './rules-dialog';

// The rules dialog (and DOMPurify, which only it needs) loads when it is about to open, not with the page.
const loadRulesDialog = () => import('./rules-dialog');
const RulesDialog = lazy(async () => ({ default: (await loadRulesDialog()).RulesDialog }));

/** Fetches the dialog's code ahead of a click (pointer or focus on the button that opens it). */
export function preloadRulesDialog() {
  void loadRulesDialog();
}

/** The rules dialog, rendered from its first opening on (so that closing it still animates). */
export function LazyRulesDialog(props: RulesDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RulesDialog {...props} />
    </Suspense>
  );
}
