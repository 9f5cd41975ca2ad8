import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardTable } from './leaderboard-table';

describe('LeaderboardTable names', () => {
  it('shows a long manager name whole, wrapping rather than cutting it with an ellipsis on a phone', () => {
    const username = 'IlGrandeCampioneDellaRiftLunga';
    render(
      <LeaderboardTable
        onViewRoster={() => {}}
        entries={[
          {
            position: 1,
            rosterId: '00000000-0000-4000-8000-000000000001',
            userId: 'u-1',
            username,
            totalPoints: 10,
            playerCount: 5,
            championCount: 3,
            pandaCoin: 2,
            burroCoin: 4,
            isMe: false,
          },
        ]}
      />,
    );
    const name = screen.getByText(username);
    // `truncate` (overflow hidden + ellipsis + nowrap) cut names to ~8 characters at 375 px
    expect(name).not.toHaveClass('truncate');
    expect(name.className).toMatch(/overflow-wrap:anywhere/);
  });
});
