import { accountsApi } from "./accounts.server";
import { agentApi } from "./agent.server";
import { cashierApi } from "./cashier.server";
import { playerApi, profileApi, recordsApi } from "./records.server";
import type { GatewayContext } from "./client.server";
import { contentApi } from "./content.server";
import { gamesApi } from "./games.server";
import { lotteryApi } from "./lottery.server";
import { memberApi } from "./member.server";
import { rewardsApi } from "./rewards.server";
import { sessionApi } from "./session.server";
import { systemApi } from "./system.server";
import { walletApi } from "./wallet.server";

export type { GatewayContext } from "./client.server";
export { GatewayError, PlatformError, SessionExpiredError } from "./errors.server";

/** The typed client of the platform for one caller, one module per area. */
export function createGateway(ctx: GatewayContext) {
  return {
    context: ctx,
    session: sessionApi(ctx),
    accounts: accountsApi(ctx),
    member: memberApi(ctx),
    system: systemApi(ctx),
    wallet: walletApi(ctx),
    cashier: cashierApi(ctx),
    records: recordsApi(ctx),
    player: playerApi(ctx),
    profile: profileApi(ctx),
    content: contentApi(ctx),
    games: gamesApi(ctx),
    lottery: lotteryApi(ctx),
    agent: agentApi(ctx),
    rewards: rewardsApi(ctx),
  };
}

export type Gateway = ReturnType<typeof createGateway>;
