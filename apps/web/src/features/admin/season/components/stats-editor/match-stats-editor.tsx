import {
  adminRoleLabel,
  isRole,
  MESSAGES,
  type PlayerStatCount,
  ROLES,
  type ScoringRules,
  seriesResultError,
  seriesWinner,
  showPerfectSeriesBadge,
  teamObjectivePoints,
  validGameCounts,
} from '@fantarift/core';
import { ChevronDown, LoaderCircle, Sparkles, TriangleAlert } from 'lucide-react';
import { type Ref, useEffect, useImperativeHandle, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { WrappingTabsList } from '@/features/admin/shared/wrapping-tabs-list';
import { formatPoints } from '@/lib/format';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '../../../components/ui-extra/collapsible';
import type { ChampionOption, MatchPlayer, MatchStatistics, SaveMatchStatistics } from '../../api/types';
import { ChampionCombobox } from './champion-combobox';
import { sameEditorData } from './draft-storage';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  emptyObjectiveRow,
  emptyPlayerRow,
  initialEditorState,
  killDeathMismatches,
  type ObjectiveCount,
  type ObjectiveFlag,
  objectivesOf,
  previewPoints,
  toSaveBody,
} from './editor-state';
import { ChoiceGroup, CountField, FlagField } from './fields';

const NONE = '__none__';

const PLAYER_COUNTS: readonly { field: PlayerStatCount; label: string; name: string }[] = [
  { field: 'kills', label: 'Kills', name: 'Kills' },
  { field: 'deaths', label: 'Deaths', name: 'Deaths' },
  { field: 'assists', label: 'Assists', name: 'Assists' },
  { field: 'cs', label: 'CS', name: 'CS' },
  { field: 'doubleKills', label: 'Double', name: 'Double kills' },
  { field: 'tripleKills', label: 'Triple', name: 'Triple kills' },
  { field: 'quadraKills', label: 'Quadra', name: 'Quadra kills' },
  { field: 'pentaKills', label: 'Penta', name: 'Penta kills' },
  { field: 'jungleSteals', label: 'Objective Steals', name: 'Objective Steals' },
];

const OBJECTIVE_COUNT_FIELDS: readonly { field: ObjectiveCount; label: string; max?: number }[] = [
  { field: 'dragons', label: 'Dragons', max: 4 },
  { field: 'barons', label: 'Barons' },
  { field: 'elders', label: 'Elders' },
  { field: 'towers', label: 'Towers' },
  { field: 'larvas', label: 'Larvas' },
];

const OBJECTIVE_FLAG_FIELDS: readonly { field: ObjectiveFlag | 'heralds'; label: string }[] = [
  { field: 'heralds', label: 'Herald' },
  { field: 'firstBlood', label: 'First Blood' },
  { field: 'firstDrake', label: 'First Drake' },
  { field: 'firstBaron', label: 'First Baron' },
  { field: 'firstHerald', label: 'First Herald' },
  { field: 'firstElder', label: 'First Elder' },
  { field: 'firstTower', label: 'First Tower' },
  { field: 'athakan', label: 'Athakan' },
];

export interface MatchStatsEditorProps {
  data: Pick<MatchStatistics, 'match' | 'players' | 'stats' | 'objectives' | 'games' | 'seriesMvpPlayerId'>;
  rules: ScoringRules;
  champions: readonly ChampionOption[];
  saving: boolean;
  onSave: (body: SaveMatchStatistics) => void;
  /** Start from this state (a restored draft) instead of the stored statistics. */
  initialState?: EditorState;
  /** Every change, with whether it differs from the stored statistics. */
  onChange?: (state: EditorState, dirty: boolean) => void;
  /** Asks, at the moment of closing, whether the editor holds changes not yet saved. */
  ref?: Ref<MatchStatsEditorHandle>;
}

export interface MatchStatsEditorHandle {
  /** Whether the values on screen differ from the stored statistics, as of the last render. */
  isDirty: () => boolean;
}

const EDITOR_TABS = [
  { value: 'series', label: 'Serie Result' },
  { value: 'mvp', label: 'Series MVP' },
  { value: 'game', label: 'Game Selector' },
  { value: 'players', label: 'Player Statistics' },
  { value: 'objectives', label: 'Team Objectives' },
] as const;

/** The five tabs of the statistics editor and its single "Salva" (admin spec §2). */
export function MatchStatsEditor({
  data,
  rules,
  champions,
  saving,
  onSave,
  initialState,
  onChange,
  ref,
}: MatchStatsEditorProps) {
  const stored = useMemo(() => initialEditorState(data), [data]);
  const [state, dispatch] = useReducer(editorReducer, initialState ?? stored);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current?.(state, !sameEditorData(state, stored));
  }, [state, stored]);
  // The handle is attached with the render that shows a keystroke, before any later event (an
  // Escape) arrives; `onChange` only reaches the dialog's state in a render of its own, later.
  useImperativeHandle(ref, () => ({ isDirty: () => !sameEditorData(state, stored) }), [state, stored]);
  const [tab, setTab] = useState('series');
  const players = useMemo(() => byRole(data.players), [data.players]);

  const save = () => {
    const problem = seriesResultError({
      format: state.format,
      gamesPlayed: state.gamesPlayed,
      winner: state.winner,
      team1: state.team1,
      team2: state.team2,
    });
    if (problem === 'invalid_games') return void toast.error(MESSAGES.matches.invalidSeriesResult);
    if (problem) return void toast.error(MESSAGES.matches.selectSeriesWinner);
    onSave(toSaveBody(state, data.players));
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <WrappingTabsList tabs={EDITOR_TABS} />
        <TabsContent value="series" className="pt-2">
          <SeriesResultTab state={state} dispatch={dispatch} />
        </TabsContent>
        <TabsContent value="mvp" className="pt-2">
          <SeriesMvpTab state={state} dispatch={dispatch} players={players} />
        </TabsContent>
        <TabsContent value="game" className="pt-2">
          <GameSelectorTab state={state} dispatch={dispatch} />
        </TabsContent>
        <TabsContent value="players" className="pt-2">
          <PlayerStatsTab
            state={state}
            dispatch={dispatch}
            players={players}
            champions={champions}
            rules={rules}
          />
        </TabsContent>
        <TabsContent value="objectives" className="pt-2">
          <ObjectivesTab state={state} dispatch={dispatch} rules={rules} />
        </TabsContent>
      </Tabs>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-xs">
          Il salvataggio completa il match e aggiorna i punti dei roster.
        </p>
        <Button onClick={save} disabled={saving} aria-busy={saving || undefined}>
          {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {saving ? 'Salvataggio...' : 'Salva'}
        </Button>
      </div>
    </div>
  );
}

interface TabProps {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
}

function SeriesResultTab({ state, dispatch }: TabProps) {
  const teams = [state.team1, state.team2];
  const derived = seriesWinner(
    state.format,
    state.games.slice(0, state.gamesPlayed).map((g) => g.winner),
  );
  return (
    <div className="flex flex-col gap-5">
      <ChoiceGroup
        label={`Games giocati (BO${state.format})`}
        value={state.gamesPlayed}
        options={validGameCounts(state.format).map((n) => ({ value: n, label: String(n) }))}
        onChange={(gamesPlayed) => dispatch({ type: 'setGamesPlayed', gamesPlayed })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {state.games.slice(0, state.gamesPlayed).map((game, index) => (
          <ChoiceGroup
            // biome-ignore lint/suspicious/noArrayIndexKey: games are numbered by position
            key={index}
            label={`Vincitore game ${index + 1}`}
            value={game.winner ?? NONE}
            options={[...teams.map((t) => ({ value: t, label: t })), { value: NONE, label: 'Nessuno' }]}
            onChange={(winner) =>
              dispatch({ type: 'setGameWinner', game: index + 1, winner: winner === NONE ? null : winner })
            }
          />
        ))}
      </div>
      <div className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3">
        <ChoiceGroup
          label="Vincitore della serie"
          value={state.winner}
          options={teams.map((t) => ({ value: t, label: t }))}
          onChange={(winner) => dispatch({ type: 'setWinner', winner })}
        />
        <p className="text-muted-foreground text-xs">
          {derived
            ? `Dai risultati dei game: ${derived}`
            : 'Nessuna squadra ha ancora vinto abbastanza game: scegli il vincitore.'}
        </p>
        {state.winner && showPerfectSeriesBadge(state.format, state.gamesPlayed) && (
          <Badge variant="success">
            <Sparkles aria-hidden="true" />
            {MESSAGES.matches.perfectSeriesBadge}
          </Badge>
        )}
      </div>
    </div>
  );
}

function SeriesMvpTab({ state, dispatch, players }: TabProps & { players: readonly MatchPlayer[] }) {
  if (!state.winner) {
    return (
      <p className="text-muted-foreground text-sm">
        Scegli prima il vincitore della serie: il Series MVP è un giocatore della squadra vincitrice.
      </p>
    );
  }
  const winners = players.filter((p) => state.playerTeams[p.id] === state.winner);
  return (
    <div className="flex flex-col gap-2">
      <ChoiceGroup
        label={`Series MVP (${state.winner})`}
        value={state.seriesMvpPlayerId ?? NONE}
        options={[
          { value: NONE, label: 'Nessuno' },
          ...winners.map((p) => ({ value: p.id, label: `${p.name} · ${roleText(p.role)}` })),
        ]}
        onChange={(id) => dispatch({ type: 'setSeriesMvp', playerId: id === NONE ? null : id })}
      />
      <p className="text-muted-foreground text-xs">"Nessuno" rimuove il Series MVP salvato.</p>
    </div>
  );
}

function GameSelectorTab({ state, dispatch }: TabProps) {
  return (
    <div className="flex flex-col gap-2">
      <ChoiceGroup
        label="Game da modificare"
        value={state.currentGame}
        options={Array.from({ length: state.gamesPlayed }, (_, i) => ({
          value: i + 1,
          label: `Game ${i + 1}`,
        }))}
        onChange={(game) => dispatch({ type: 'setCurrentGame', game })}
      />
      <p className="text-muted-foreground text-xs">
        Player Statistics e Team Objectives mostrano il game scelto.
      </p>
    </div>
  );
}

/** Top, Jungle, Mid, ADC, Support, as on a scoreboard; then by name. */
function byRole(players: readonly MatchPlayer[]): MatchPlayer[] {
  const rank = (role: string) => {
    const index = (ROLES as readonly string[]).indexOf(role);
    return index === -1 ? ROLES.length : index;
  };
  return [...players].sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name));
}

function roleText(role: string) {
  return isRole(role) ? adminRoleLabel(role) : role;
}

function GameHeading({ state }: { state: EditorState }) {
  return (
    <p className="mb-3 font-medium text-sm">
      Game {state.currentGame} di {state.gamesPlayed}
    </p>
  );
}

function PlayerStatsTab({
  state,
  dispatch,
  players,
  champions,
  rules,
}: TabProps & {
  players: readonly MatchPlayer[];
  champions: readonly ChampionOption[];
  rules: ScoringRules;
}) {
  const game = state.currentGame;
  const mismatches = killDeathMismatches(state, game, players);
  return (
    <div>
      <GameHeading state={state} />
      {mismatches.length > 0 && (
        <Alert variant="warning" role="status" className="mb-3">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            {mismatches.map((m) => (
              <p key={m.team}>{MESSAGES.stats.killsDeathsMismatch(m.team, m.kills, m.opponent, m.deaths)}</p>
            ))}
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-3">
        {[state.team1, state.team2].map((team) => {
          const teamPlayers = players.filter((p) => state.playerTeams[p.id] === team);
          return (
            <Collapsible key={team} defaultOpen className="rounded-lg border">
              <CollapsibleTrigger className="group flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left font-semibold hover:bg-accent">
                <span>
                  {team}{' '}
                  <span className="font-normal text-muted-foreground text-sm">({teamPlayers.length})</span>
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                />
              </CollapsibleTrigger>
              <CollapsibleContent>
                <section
                  aria-label={`Statistiche ${team}, game ${game}`}
                  className="flex max-h-[400px] flex-col gap-2 overflow-y-auto border-t p-2"
                >
                  {teamPlayers.length === 0 && (
                    <p className="p-2 text-muted-foreground text-sm">Nessun giocatore in questo team.</p>
                  )}
                  {teamPlayers.map((player) => (
                    <PlayerCard
                      key={player.id}
                      player={player}
                      state={state}
                      dispatch={dispatch}
                      champions={champions}
                      rules={rules}
                    />
                  ))}
                </section>
              </CollapsibleContent>
            </Collapsible>
          );
        })}
      </div>
    </div>
  );
}

function PlayerCard({
  player,
  state,
  dispatch,
  champions,
  rules,
}: TabProps & { player: MatchPlayer; champions: readonly ChampionOption[]; rules: ScoringRules }) {
  const game = state.currentGame;
  const row = state.games[game - 1]?.players[player.id] ?? emptyPlayerRow();
  const points = previewPoints(state, game, player, rules);
  return (
    <article aria-label={player.name} className="rounded-md border bg-card p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <span className="font-medium">{player.name}</span>{' '}
          <span className="text-muted-foreground text-xs">{roleText(player.role)}</span>
        </div>
        <Badge variant="secondary" aria-label={`Punti di ${player.name}: ${formatPoints(points)}`}>
          {formatPoints(points)} pt
        </Badge>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-end">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-muted-foreground text-xs" aria-hidden="true">
            Campione
          </span>
          <ChampionCombobox
            name={`Campione di ${player.name}`}
            champions={champions}
            value={row.championId}
            onChange={(championId) =>
              dispatch({ type: 'setPlayerChampion', game, playerId: player.id, championId })
            }
          />
        </div>
        <FlagField
          label="Game MVP"
          name={`Game MVP ${player.name}`}
          checked={row.mvp}
          onChange={(mvp) => dispatch({ type: 'setPlayerMvp', game, playerId: player.id, mvp })}
          className="h-8"
        />
      </div>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-9">
        {PLAYER_COUNTS.map(({ field, label, name }) => (
          <CountField
            key={field}
            label={label}
            name={`${name} ${player.name}`}
            value={row[field]}
            onChange={(value) =>
              dispatch({ type: 'setPlayerCount', game, playerId: player.id, field, value })
            }
          />
        ))}
      </div>
    </article>
  );
}

function ObjectivesTab({ state, dispatch, rules }: TabProps & { rules: ScoringRules }) {
  const game = state.currentGame;
  return (
    <div>
      <GameHeading state={state} />
      <p className="mb-3 text-muted-foreground text-xs">
        Herald, Athakan, First Blood e ogni First (Drake, Baron, Herald, Elder, Tower) vanno a una sola
        squadra per game.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {[state.team1, state.team2].map((team) => {
          const row = state.games[game - 1]?.objectives[team] ?? emptyObjectiveRow();
          const points = teamObjectivePoints(objectivesOf(row), rules);
          return (
            <section
              key={team}
              aria-label={`Obiettivi ${team}, game ${game}`}
              className="flex max-h-[350px] flex-col gap-3 overflow-y-auto rounded-lg border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{team}</h3>
                <Badge variant="secondary">{formatPoints(points)} pt</Badge>
              </div>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                {OBJECTIVE_COUNT_FIELDS.map(({ field, label, max }) => (
                  <CountField
                    key={field}
                    label={label}
                    name={`${label} ${team}`}
                    max={max}
                    value={row[field]}
                    onChange={(value) => dispatch({ type: 'setObjectiveCount', game, team, field, value })}
                  />
                ))}
              </div>
              <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
                {OBJECTIVE_FLAG_FIELDS.map(({ field, label }) => (
                  <FlagField
                    key={field}
                    label={label}
                    name={`${label} ${team}`}
                    checked={row[field]}
                    onChange={(value) => dispatch({ type: 'setObjectiveFlag', game, team, field, value })}
                  />
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
