// The filters of the records and the agent's reports: each loader accepts only these values from
// the URL and each page lists them, so both halves read them from here.

/** The betting record's game types (member.betting-record), ALL first. */
export const BET_GAME_TYPES = ["ALL", "RNG", "LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "COCKFIGHT", "CRICKET", "BGS"];

/** My income's kinds (agent.income). */
export const INCOME_TYPES = ["COMMISSION", "DIVIDEND", "DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY"] as const;

/** The team overview's periods (agent.overview), today first. */
export const OVERVIEW_PERIODS = ["today", "yesterday", "week", "month"] as const;

/** Transaction details' types (agent.transactions). */
export const TX_TYPES = ["DEPOSIT", "WITHDRAW", "TRANSFER_DOWN", "TRANSFER_UP"] as const;
