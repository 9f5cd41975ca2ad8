import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders } from '@/test/utils';
import { PointsHistory } from './points-history';

// jsdom has no canvas: the lazily loaded uPlot chart is replaced by a probe of what it is given
vi.mock('./points-history-chart', () => ({
  default: ({ weeks }: { weeks: { weekNumber: number }[] }) => (
    <p data-testid="chart">{weeks.map((w) => w.weekNumber).join(',')}</p>
  ),
}));

const LEAGUE = '11111111-1111-4111-8111-111111111111';

describe('PointsHistory', () => {
  it('loads the chart with my weeks and lists points and position per week', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        history: {
          weeks: [
            { weekNumber: 1, name: 'Settimana 1', points: 12.5, cumulative: 12.5, rank: 4, participants: 10 },
            { weekNumber: 2, name: 'Settimana 2', points: 20, cumulative: 32.5, rank: 2, participants: 10 },
          ],
        },
      }),
    );
    renderWithProviders(<PointsHistory leagueId={LEAGUE} />, { user: participant });
    expect(await screen.findByTestId('chart')).toHaveTextContent('1,2');
    const table = screen.getByRole('table', {
      name: 'Punti e posizione in classifica settimana per settimana',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Settimana 112,54° / 10');
    expect(rows[2]).toHaveTextContent('Settimana 220,02° / 10');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/leagues/${LEAGUE}/my-roster/history`);
  });

  it('says when no week has started', async () => {
    mockFetch(() => jsonResponse(200, { history: { weeks: [] } }));
    renderWithProviders(<PointsHistory leagueId={LEAGUE} />, { user: participant });
    expect(await screen.findByText(/Nessuna settimana iniziata/)).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });
});
