import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishSocialLogin } from "~/accounts/social.server";

// GET /auth/google|facebook/callback?code&state: back from the identity provider (decision 013).
export const loader = ({ request, params }: LoaderFunctionArgs) => finishSocialLogin(request, params.provider);
