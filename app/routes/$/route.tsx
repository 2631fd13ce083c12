import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";

// Any path no route claims: a real 404 page with status 404.
export function loader() {
  throw new Response(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "404" }];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
