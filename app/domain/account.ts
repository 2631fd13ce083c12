// Account types and the login check (docs/SPEC.md points 5, 6 and 9).

export const TRIAL_ACCOUNT_TYPE = 4;
/** Types allowed into the agent centre. */
export const AGENT_CENTRE_TYPES: readonly number[] = [1, 2, 41, 42];
/** Customer service switches to VIP above this rank level. */
export const VIP_SERVICE_RANK_ABOVE = 4;

export type LoginCheck = "ok" | "login-required" | "real-account-needed";

/** Account actions and game launch: a token and a type other than trial. */
export function loginCheck(session: { token?: string; accountType?: number } | null): LoginCheck {
  if (!session?.token) return "login-required";
  if (session.accountType === TRIAL_ACCOUNT_TYPE) return "real-account-needed";
  return "ok";
}

export function canEnterAgentCentre(accountType: number | undefined): boolean {
  return accountType !== undefined && AGENT_CENTRE_TYPES.includes(accountType);
}

export function customerServiceType(rankLevel: number | undefined | null): "VIP" | "LIVECHAT" {
  return (rankLevel ?? 0) > VIP_SERVICE_RANK_ABOVE ? "VIP" : "LIVECHAT";
}

/** The customer-service address for a member of this rank: its type's, else live chat, else the first. */
export function customerServiceUrl(
  links: readonly { csType?: string | null; url?: string | null }[],
  rankLevel: number | undefined | null,
): string | undefined {
  const type = customerServiceType(rankLevel);
  return (links.find((c) => c.csType === type)?.url ?? links.find((c) => c.csType === "LIVECHAT")?.url ?? links[0]?.url) || undefined;
}
