import type { LoaderFunctionArgs } from "@remix-run/node";
import { startSocialLogin } from "~/accounts/social.server";

// GET /auth/google|facebook?redirectTo=…: off to the identity provider (decision 013).
export const loader = ({ request, params }: LoaderFunctionArgs) => startSocialLogin(request, params.provider);
