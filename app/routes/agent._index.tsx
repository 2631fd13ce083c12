import { redirect } from "@remix-run/node";
import { agentPath, DEFAULT_AGENT_PAGE } from "~/domain/agent-menu";

// The agent centre opens on its default page (agentTeamOverview).
export const loader = () => redirect(agentPath(DEFAULT_AGENT_PAGE));
