import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RestoreMode } from '../api/types';
import { RestoreDialog } from './restore-dialog';
import { restoreResult as result } from './restore-test-fixtures';

function setup() {
  const loadPreview = vi.fn(async (mode: RestoreMode) => result(mode));
  const onRestore = vi.fn();
  render(
    <RestoreDialog
      open
      onOpenChange={() => {}}
      title="Ripristina Snapshot"
      heading="01/03/2026 · Regular Season"
      loadPreview={loadPreview}
      onRestore={onRestore}
      pending={false}
    />,
  );
  return { loadPreview, onRestore, user: userEvent.setup() };
}

describe('RestoreDialog (DECISIONS 28)', () => {
  it('restores nothing until the admin has chosen what and seen the preview', async () => {
    const { loadPreview, onRestore } = setup();
    expect(screen.getByRole('button', { name: 'Ripristina' })).toBeDisabled();
    expect(loadPreview).not.toHaveBeenCalled();
    expect(onRestore).not.toHaveBeenCalled();
  });

  it('previews coins and holdings together, then restores that choice', async () => {
    const { loadPreview, onRestore, user } = setup();
    await user.click(screen.getByRole('radio', { name: /Punti, monete e roster/ }));
    expect(loadPreview).toHaveBeenLastCalledWith('all');
    const preview = await screen.findByRole('region', { name: 'Anteprima del ripristino' });
    const row = within(preview).getByRole('row', { name: /mario/ });
    expect(row).toHaveTextContent('10 → 15');
    expect(row).toHaveTextContent('− Caps');
    expect(preview).toHaveTextContent('Gli acquisti e le vendite successive verranno annullati');
    await user.click(screen.getByRole('button', { name: 'Ripristina' }));
    expect(onRestore).toHaveBeenCalledWith('all');
  });

  it('points alone: the preview shows coins and players unchanged', async () => {
    const { onRestore, user } = setup();
    await user.click(screen.getByRole('radio', { name: /Solo punti/ }));
    const preview = await screen.findByRole('region', { name: 'Anteprima del ripristino' });
    const row = within(preview).getByRole('row', { name: /mario/ });
    expect(row).not.toHaveTextContent('→ 15');
    expect(row).not.toHaveTextContent('Caps');
    await user.click(screen.getByRole('button', { name: 'Ripristina' }));
    expect(onRestore).toHaveBeenCalledWith('points');
  });
});
