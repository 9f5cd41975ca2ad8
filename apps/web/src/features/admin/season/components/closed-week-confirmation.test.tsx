import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useClosedWeekConfirmation } from './closed-week-confirmation';

const CONSEQUENCE =
  'La settimana "Settimana 1" è chiusa e i suoi premi sono già stati distribuiti. Eliminare il match non cambia i premi pagati.';

/** A change that the server refuses once for a closed week, as a mutation would report it. */
function Harness({ run }: { run: (confirm: boolean) => Promise<void> }) {
  const closedWeek = useClosedWeekConfirmation();
  const attempt = (confirm: boolean) =>
    run(confirm).catch((error) => {
      if (!closedWeek.intercept(error, () => attempt(true))) throw error;
    });
  return (
    <>
      <button type="button" onClick={() => attempt(false)}>
        Elimina
      </button>
      {closedWeek.dialog}
    </>
  );
}

describe('closed-week confirmation (issue 12 item 6)', () => {
  it('names the consequence and repeats the change with the confirmation only when confirmed', async () => {
    const run = vi.fn(async (confirm: boolean) => {
      if (!confirm) throw new ApiError(409, 'CLOSED_WEEK_CONFIRMATION', CONSEQUENCE);
    });
    const user = userEvent.setup();
    render(<Harness run={run} />);
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(CONSEQUENCE);
    expect(run).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(run).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    await user.click(await screen.findByRole('button', { name: 'Conferma modifica' }));
    expect(run).toHaveBeenLastCalledWith(true);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('leaves other errors to the caller', async () => {
    const closed = vi.fn();
    function Other() {
      const closedWeek = useClosedWeekConfirmation();
      return (
        <button
          type="button"
          onClick={() => closed(closedWeek.intercept(new ApiError(409, 'ALREADY_CLOSED', 'x'), () => {}))}
        >
          Prova
        </button>
      );
    }
    render(<Other />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prova' }));
    expect(closed).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
