import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RestoreMode, RestoreResult } from '@/features/admin/rewards/api/types';
import { RestoreDialog } from './restore-dialog';
import { restoreResult } from './restore-test-fixtures';
import { useRestoreFlow } from './use-restore-flow';

type Target = { leagueId: string; date: string };

function Panel({
  preview,
  mutate,
}: {
  preview: (v: Target & { mode: RestoreMode }) => Promise<RestoreResult>;
  mutate: (v: Target & { mode: RestoreMode }) => void;
}) {
  // a new object of the same value on every render, as a panel computing its target would pass
  const target = { leagueId: 'l-1', date: '2026-03-01' };
  const restore = useRestoreFlow({ mutate, isPending: false }, preview, target);
  return (
    <>
      <button type="button" onClick={restore.open}>
        Ripristina
      </button>
      <RestoreDialog {...restore.dialog} title="Ripristina classifica" heading="Al 01/03/2026" />
    </>
  );
}

describe('useRestoreFlow', () => {
  it('previews and restores the target with the chosen mode, and a re-render of the same target does not reload the preview', async () => {
    const preview = vi.fn(async ({ mode }: { mode: RestoreMode }) => restoreResult(mode));
    const mutate = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Panel preview={preview} mutate={mutate} />);
    await user.click(screen.getByRole('button', { name: 'Ripristina' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ripristina classifica' });
    await user.click(within(dialog).getAllByRole('radio')[1] as HTMLElement);
    expect(await within(dialog).findByText('mario')).toBeInTheDocument();
    expect(preview).toHaveBeenCalledTimes(1);
    expect(preview).toHaveBeenLastCalledWith({ leagueId: 'l-1', date: '2026-03-01', mode: 'points' });
    rerender(<Panel preview={preview} mutate={mutate} />);
    expect(within(dialog).getByText('mario')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ripristina' }));
    expect(mutate).toHaveBeenCalledWith(
      { leagueId: 'l-1', date: '2026-03-01', mode: 'points' },
      expect.objectContaining({ onSuccess: expect.any(Function) }),
    );
    expect(preview).toHaveBeenCalledTimes(1);
  });
});
