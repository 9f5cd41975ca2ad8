import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardTable } from './leaderboard-table';

describe('LeaderboardTable names', () => {
  it('wraps a manager name between words only: a word too long for the line ends in an ellipsis', () => {
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
    // breaking anywhere splits "qa_mwxuph77" into "qa_mwxuph" and "77" at 375 px; nowrap
    // (`truncate`) cuts a name of several words that fits on two lines
    expect(name.className).not.toMatch(/overflow-wrap:anywhere|break-all|break-words|truncate/);
    expect(name).toHaveClass('overflow-hidden', 'text-ellipsis');
    expect(name).toHaveAttribute('title', username);
  });
});
