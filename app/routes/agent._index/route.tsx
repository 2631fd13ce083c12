import type { LoaderFunctionArgs } from "@remix-run/node";
import { agentIndexLoader } from "./agent-index.server";

export const loader = ({ request }: LoaderFunctionArgs) => agentIndexLoader(request);

// A page route, not a resource route: a refusal (not an agent, 403) renders in the agent centre's
// error boundary instead of answering bare JSON.
export default function AgentIndex() {
  return null;
}
