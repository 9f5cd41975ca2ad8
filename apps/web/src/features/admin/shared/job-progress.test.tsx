import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import { RecalculationControls } from '../season/components/recalculation-controls';
import { type AdminJob, JOB_POLL_MS } from './api/get-admin-job';
import { JobProgress } from './job-progress';

const league = { id: 'l-1', name: 'LEC 2026', type: 'LEC', teams: [], status: 'Active' };

function job(over: Partial<AdminJob> = {}): AdminJob {
  return {
    id: 'j-1',
    kind: 'recalculation',
    leagueId: 'l-1',
    startedBy: 'u-other',
    startedByName: 'marco',
    status: 'running',
    phase: 'Calcolo dei punti: settimana 3 di 9',
    percent: 42,
    message: null,
    result: null,
    startedAt: '2026-11-22T18:50:00.000Z',
    heartbeatAt: '2026-11-22T18:51:00.000Z',
    finishedAt: null,
    ...over,
  };
}

describe('JobProgress', () => {
  it('shows a running job’s phase, its percentage on a bar, and who started it', () => {
    render(<JobProgress job={job()} kind="recalculation" />);
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento del ricalcolo' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', 'Calcolo dei punti: settimana 3 di 9: 42%');
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Calcolo dei punti: settimana 3 di 9');
    expect(screen.getByRole('heading', { name: 'Ricalcolo in corso' })).toBeInTheDocument();
    expect(screen.getByText(/Avviato da marco/)).toBeInTheDocument();
  });

  it('shows a finished job’s message, and a failed one’s', () => {
    const { rerender } = render(
      <JobProgress
        job={job({
          status: 'done',
          percent: 100,
          message: 'Ricalcolo completato con successo! 12 roster aggiornati.',
          finishedAt: '2026-11-22T18:52:00.000Z',
        })}
        kind="recalculation"
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Ultimo ricalcolo completato')).toBeInTheDocument();
    expect(screen.getByText(/Avviato da marco · finito il/)).toBeInTheDocument();
    expect(screen.getByText('Ricalcolo completato con successo! 12 roster aggiornati.')).toBeInTheDocument();
    rerender(
      <JobProgress
        job={job({ kind: 'import', status: 'failed', message: 'Interrotto: il server si è fermato.' })}
        kind="import"
      />,
    );
    expect(screen.getByText(/Ultima importazione non completata/)).toBeInTheDocument();
    expect(screen.getByText('Interrotto: il server si è fermato.')).toBeInTheDocument();
  });
});

describe('recalculation controls and the league’s job', () => {
  afterEach(() => vi.useRealTimers());

  it('on opening, show another admin’s running recalculation, follow it, and free the buttons when it ends', async () => {
    // the polls' clock is fake (it also moves with real time): the test moves it past the next polls at once
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.startsWith('/api/admin/jobs?')) {
        polls++;
        if (polls === 1) return jsonResponse(200, { job: job({ percent: 30 }) });
        if (polls === 2)
          return jsonResponse(200, { job: job({ percent: 65, phase: 'Scrittura dei punti' }) });
        return jsonResponse(200, {
          job: job({
            status: 'done',
            percent: 100,
            phase: 'Completato',
            message: 'Ricalcolo completato con successo! 7 roster aggiornati.',
            finishedAt: '2026-11-22T18:53:00.000Z',
          }),
        });
      }
      return jsonResponse(200, {});
    });
    renderWithProviders(<RecalculationControls />, { user: admin, url: '/?league=l-1' });
    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento del ricalcolo' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByRole('button', { name: 'Ricalcola Punteggi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Settimana Singola' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset Classifica' })).toBeDisabled();
    // polled while it runs
    await screen.findByText('Scrittura dei punti');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
    await screen.findByText('Ricalcolo completato con successo! 7 roster aggiornati.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ricalcola Punteggi' })).toBeEnabled();
    const jobCalls = fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/admin/jobs?'));
    expect(String(jobCalls[0]![0])).toBe('/api/admin/jobs?leagueId=l-1&kind=recalculation');
    // a finished job is not polled any more: two more poll intervals go by without a request
    const seen = jobCalls.length;
    await act(() => vi.advanceTimersByTimeAsync(2 * JOB_POLL_MS + 1));
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/admin/jobs?'))).toHaveLength(
      seen,
    );
  });

  it('a start refused because the league’s recalculation already runs shows that one', async () => {
    const running = job({ percent: 10, phase: 'Lettura delle statistiche' });
    let started = false;
    mockFetch((url, init) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.startsWith('/api/admin/jobs?')) return jsonResponse(200, { job: started ? running : null });
      if (url === '/api/admin/recalculate' && init.method === 'POST') {
        started = true;
        return jsonResponse(409, {
          code: 'JOB_RUNNING',
          message:
            'Un ricalcolo di questa lega è già in corso: avviato da marco alle 22/11, 19:50. Attendi che finisca.',
          details: { job: running },
        });
      }
      return jsonResponse(200, {});
    });
    const user = userEvent.setup();
    renderWithProviders(<RecalculationControls />, { user: admin, url: '/?league=l-1' });
    await user.click(await screen.findByRole('button', { name: 'Ricalcola Punteggi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ricalcola Punteggi' });
    await user.click(within(dialog).getByRole('button', { name: 'Avvia Ricalcolo' }));
    await screen.findByText(/Un ricalcolo di questa lega è già in corso: avviato da marco/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByRole('button', { name: 'Ricalcola Punteggi' })).toBeDisabled();
  });
});
