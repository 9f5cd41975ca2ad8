export * from './economy.ts';
export * from './league-templates.ts';
export * from './market.ts';
export * from './messages.ts';
export * from './rewards.ts';
export * from './scoring.ts';
export * from './series.ts';
export * from './validation.ts';
