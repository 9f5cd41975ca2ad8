import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A button that opens the prompt through state (no Radix trigger), as the admin screens do. */
function Asking() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Elimina riga
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Eliminare?"
        description="Non si torna indietro."
        confirmLabel="Elimina"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives focus back to the button that opened it, after Annulla and after confirming', async () => {
    const user = userEvent.setup();
    render(<Asking />);
    const asker = screen.getByRole('button', { name: 'Elimina riga' });
    for (const answer of ['Annulla', 'Elimina']) {
      await user.click(asker);
      await user.click(await screen.findByRole('button', { name: answer }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(asker).toHaveFocus();
    }
  });
});
