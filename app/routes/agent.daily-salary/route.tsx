import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { contractsAction, contractsLoader } from "~/agent/contracts.server";
import { ContractsPage } from "~/agent/contracts";

// Daily salary contracts: the shared contract page of app/agent/contracts.tsx.
export const loader = ({ request }: LoaderFunctionArgs) => contractsLoader(request, "DAILY");
export const action = ({ request }: ActionFunctionArgs) => contractsAction(request, "DAILY");
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);
export default ContractsPage;
