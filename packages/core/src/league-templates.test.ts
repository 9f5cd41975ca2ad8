import { describe, expect, it } from 'vitest';
import { LEAGUE_TYPES } from './economy.ts';
import type { NewLeagueInput } from './league-templates.ts';
import {
  BUILT_IN_TEAMS,
  builtInTeams,
  DEFAULT_PHASES,
  findPhaseOverlap,
  isRegionalLeagueType,
  normalizeTeamNames,
  PHASE_STAGE_RANK,
  phaseStageRank,
  sortPhasesByStage,
  validateNewLeague,
} from './league-templates.ts';

describe('BUILT_IN_TEAMS', () => {
  it('has 10 LCK, 16 LPL, 10 LEC and 8 LTA North teams, all distinct', () => {
    expect(BUILT_IN_TEAMS.LCK).toHaveLength(10);
    expect(BUILT_IN_TEAMS.LPL).toHaveLength(16);
    expect(BUILT_IN_TEAMS.LEC).toHaveLength(10);
    expect(BUILT_IN_TEAMS['LTA North']).toHaveLength(8);
    const all = Object.values(BUILT_IN_TEAMS).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('uses exactly the agreed names', () => {
    expect(BUILT_IN_TEAMS.LCK).toEqual([
      'Gen.G',
      'T1',
      'Hanwha Life Esports',
      'KT Rolster',
      'Dplus KIA',
      'BNK FEARX',
      'Nongshim RedForce',
      'DN Freecs',
      'DRX',
      'OKSavingsBank BRION',
    ]);
    expect(BUILT_IN_TEAMS.LPL[0]).toBe("Anyone's Legend");
    expect(BUILT_IN_TEAMS.LPL[15]).toBe('Weibo Gaming');
    expect(BUILT_IN_TEAMS.LEC).toContain('Natus Vincere');
    expect(BUILT_IN_TEAMS['LTA North']).toEqual([
      'Cloud9',
      'Team Liquid',
      'FlyQuest',
      '100 Thieves',
      'Dignitas',
      'Shopify Rebellion',
      'Disguised',
      'LYON',
    ]);
  });

  it('builtInTeams gives a copy for regional types and nothing for international ones', () => {
    expect(builtInTeams('LEC')).toEqual([...BUILT_IN_TEAMS.LEC]);
    builtInTeams('LEC').push('Mutated');
    expect(BUILT_IN_TEAMS.LEC).toHaveLength(10);
    expect(builtInTeams('MSI')).toEqual([]);
    expect(builtInTeams('International')).toEqual([]);
    expect(isRegionalLeagueType('LPL')).toBe(true);
  });
});

describe('DEFAULT_PHASES', () => {
  const summary = (type: (typeof LEAGUE_TYPES)[number]) => {
    const template = DEFAULT_PHASES[type];
    return [template.phases.map((p) => `${p.name} ${p.teamCount}`), template.otherTeamCount];
  };

  it('matches admin spec §9 for every type', () => {
    expect(summary('MSI')).toEqual([['Play-in Stage 6', 'Bracket Stage 4', 'Finals 2'], 8]);
    expect(summary('World Championship')).toEqual([
      ['Play-in Stage 8', 'Swiss Stage 16', 'Knockout Stage 8', 'Finals 2'],
      16,
    ]);
    for (const type of ['International', 'First Stand'] as const) {
      expect(summary(type)).toEqual([['Group Stage 16', 'Knockout Stage 8', 'Semifinals 4', 'Finals 2'], 10]);
    }
    for (const type of ['LCK', 'LPL', 'LEC', 'LTA North'] as const) {
      expect(summary(type)).toEqual([['Regular Season 10', 'Playoffs 6', 'Semifinals 4', 'Finals 2'], 10]);
    }
    expect(Object.keys(DEFAULT_PHASES).sort()).toEqual([...LEAGUE_TYPES].sort());
  });

  it('lists every default phase in stage order', () => {
    for (const type of LEAGUE_TYPES) {
      const phases = DEFAULT_PHASES[type].phases;
      expect(sortPhasesByStage(phases)).toEqual(phases);
    }
  });
});

describe('phase ranks and sorting', () => {
  it('ranks the known stages and puts unknown names last', () => {
    expect(PHASE_STAGE_RANK).toEqual({
      'Regular Season': 1,
      'Group Stage': 1,
      'Play-in Stage': 1,
      'Swiss Stage': 2,
      Playoffs: 2,
      'Bracket Stage': 2,
      'Knockout Stage': 3,
      Semifinals: 3,
      Finals: 4,
    });
    expect(phaseStageRank('Finals')).toBe(4);
    expect(phaseStageRank('Showmatch')).toBe(99);
    expect(phaseStageRank('toString')).toBe(99);
  });

  it('sorts stably by rank', () => {
    const names = [
      'Finals',
      'Custom A',
      'Semifinals',
      'Playoffs',
      'Knockout Stage',
      'Regular Season',
      'Custom B',
    ];
    expect(sortPhasesByStage(names.map((name) => ({ name }))).map((p) => p.name)).toEqual([
      'Regular Season',
      'Playoffs',
      'Semifinals',
      'Knockout Stage',
      'Finals',
      'Custom A',
      'Custom B',
    ]);
  });
});

describe('findPhaseOverlap', () => {
  const phase = (name: string, startDate: string, endDate: string) => ({ name, startDate, endDate });

  it('finds the first phase that ends after the next starts', () => {
    expect(
      findPhaseOverlap([
        phase('Regular Season', '2025-01-10', '2025-03-01'),
        phase('Playoffs', '2025-02-28', '2025-03-20'),
        phase('Finals', '2025-03-10', '2025-03-30'),
      ]),
    ).toEqual({ phase: 'Regular Season', nextPhase: 'Playoffs' });
  });

  it('allows a phase to end the day the next starts', () => {
    expect(
      findPhaseOverlap([
        phase('Regular Season', '2025-01-10', '2025-03-01'),
        phase('Playoffs', '2025-03-01', '2025-03-20'),
      ]),
    ).toBeNull();
    expect(findPhaseOverlap([])).toBeNull();
    expect(findPhaseOverlap([phase('Finals', '2025-03-01', '2025-03-02')])).toBeNull();
  });
});

describe('normalizeTeamNames', () => {
  it('trims, drops blanks and duplicates (ignoring case), keeps first spelling', () => {
    expect(normalizeTeamNames([' T1 ', '', 'Gen.G', 't1', '   ', 'GEN.G', 'DRX'])).toEqual([
      'T1',
      'Gen.G',
      'DRX',
    ]);
  });
});

describe('validateNewLeague', () => {
  const valid: NewLeagueInput = {
    name: 'LCK Spring 2025',
    type: 'LCK',
    startDate: '2025-01-10',
    endDate: '2025-04-30',
    teams: ['T1', 'Gen.G'],
    phases: [
      { name: 'Playoffs', startDate: '2025-03-10', endDate: '2025-04-01' },
      { name: 'Regular Season', startDate: '2025-01-10', endDate: '2025-03-09' },
    ],
  };

  it('accepts a complete league (phases in any order)', () => {
    expect(validateNewLeague(valid)).toBeNull();
  });

  it('needs name, type and dates', () => {
    for (const field of ['name', 'type', 'startDate', 'endDate'] as const) {
      expect(validateNewLeague({ ...valid, [field]: ' ' })).toBe('Please fill all required fields');
    }
  });

  it('refuses an unknown type and an end before the start', () => {
    expect(validateNewLeague({ ...valid, type: 'LCS' })).toBe('Tipo di lega non valido');
    expect(validateNewLeague({ ...valid, endDate: '2025-01-01' })).toBe(
      'La data di fine deve essere successiva a quella di inizio',
    );
  });

  it('needs at least two teams for regional types', () => {
    expect(validateNewLeague({ ...valid, teams: [] })).toBe('Please select at least one team');
    expect(validateNewLeague({ ...valid, teams: ['  '] })).toBe('Please select at least one team');
    expect(validateNewLeague({ ...valid, teams: ['T1'] })).toBe('A league must have at least 2 teams');
    expect(validateNewLeague({ ...valid, teams: ['T1', 't1'] })).toBe('A league must have at least 2 teams');
  });

  it('exempts international types from the team rules', () => {
    expect(validateNewLeague({ ...valid, type: 'MSI', teams: [] })).toBeNull();
  });

  it('needs at least one phase and no duplicate phase', () => {
    expect(validateNewLeague({ ...valid, phases: [] })).toBe('Please add at least one phase to the league');
    const first = valid.phases[1];
    if (!first) throw new Error('fixture');
    expect(validateNewLeague({ ...valid, phases: [first, first] })).toBe(
      'La fase Regular Season è già presente nella lega',
    );
  });

  it('reports overlapping phases after sorting them by stage', () => {
    expect(
      validateNewLeague({
        ...valid,
        phases: [
          { name: 'Finals', startDate: '2025-04-10', endDate: '2025-04-12' },
          { name: 'Regular Season', startDate: '2025-01-10', endDate: '2025-04-11' },
        ],
      }),
    ).toBe('Phase dates overlap: Regular Season ends after Finals starts');
  });
});
