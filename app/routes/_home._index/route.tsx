import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AnnouncementsPopup } from "~/announcements/popup";
import { homeIndexLoader } from "./home-index.server";

export const loader = ({ request }: LoaderFunctionArgs) => homeIndexLoader(request);

export default function HomeIndex() {
  const { popup } = useLoaderData<typeof loader>();
  return popup ? <AnnouncementsPopup d={popup} /> : null;
}
