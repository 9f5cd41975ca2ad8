import type { Currency, LeagueStatus, LeagueType, MarketBlockReason, Role } from '@fantarift/core';

/** GET /api/leagues, one league as the signed-in user sees it. Dates are ISO strings. */
export interface League {
  id: string;
  name: string;
  type: LeagueType;
  status: LeagueStatus;
  startDate: string;
  endDate: string;
  teams: string[];
  marketOpen: boolean;
  rulesRequired: boolean;
  /** Sanitised HTML (p, br, strong, em, u, ol, ul, li) or plain text. */
  rulesText: string | null;
  marketBlockTimezone: string;
  marketBlockStartTime: string | null;
  marketBlockEndTime: string | null;
  participantCount: number;
  joined: boolean;
  rulesAccepted: boolean;
  rosterId: string | null;
  market: {
    playersBlocked: boolean;
    championsBlocked: boolean;
    reason: MarketBlockReason | null;
    reopensAt: string | null;
  };
}

export interface RosterPlayer {
  id: string;
  name: string;
  team: string;
  role: Role;
  tier: number;
  cost: number;
  imageUrl: string | null;
}

export interface RosterChampion {
  id: string;
  name: string;
  tier: number;
  cost: number;
  roles: Role[];
  imageUrl: string | null;
}

interface Holding {
  pricePaid: number;
  salePrice: number;
  acquiredAt: string;
}

export interface WeekPoints {
  weekId: string;
  weekNumber: number;
  name: string;
  points: number;
}

export interface Eligibility {
  eligible: boolean;
  missingRoles: Role[];
}

export interface RosterTransaction {
  id: number;
  type: string;
  itemId: string | null;
  itemName: string | null;
  /** Signed: negative for a purchase, positive for a sale or a credit. */
  amount: number;
  currency: Currency;
  note: string | null;
  createdAt: string;
}

interface RosterBase {
  id: string;
  username: string;
  pandaCoin: number;
  burroCoin: number;
  totalPoints: number;
  playerCount: number;
  championCount: number;
  eligibility: Eligibility;
  weekPoints: WeekPoints[];
}

export interface MyRoster extends RosterBase {
  leagueId: string;
  createdAt: string;
  players: (RosterPlayer & Holding)[];
  champions: (RosterChampion & Holding)[];
  transactions: RosterTransaction[];
}

export interface PublicRoster extends RosterBase {
  players: RosterPlayer[];
  champions: RosterChampion[];
}

export type ItemKind = 'player' | 'champion';

export interface TradeResult {
  itemId: string;
  itemName: string;
  amount: number;
  currency: Currency;
  message: string;
  roster: { id: string; pandaCoin: number; burroCoin: number; playerCount: number; championCount: number };
}
