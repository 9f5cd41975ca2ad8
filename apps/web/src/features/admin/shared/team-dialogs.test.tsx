import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import { AddTeamDialog } from './team-dialogs';

describe('team dialog errors', () => {
  it('shows a server refusal once, in the dialog, not also as a toast', async () => {
    const refusal = 'Esiste già un team con questo nome in questa lega';
    mockFetch(() => jsonResponse(409, { code: 'CONFLICT', message: refusal }));
    const user = userEvent.setup();
    renderWithProviders(<AddTeamDialog open onOpenChange={() => {}} leagueId="l-1" />, { user: admin });
    // the toaster (loaded lazily; hidden from the tree by the modal) is on the page before the request: a toast
    // made before it would be lost
    await screen.findByRole('region', { name: /^Notifiche/, hidden: true });
    await user.type(screen.getByLabelText('Nome team'), 'Fnatic');
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // a toast made with the refusal joins the toaster in a task of its own, queued before this one
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
