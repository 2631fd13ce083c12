import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { notFoundLoader } from "./not-found.server";

export const loader = () => notFoundLoader();

export const meta: MetaFunction = () => [{ title: "404" }];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
