import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AnnouncementsPopup } from "~/announcements/popup";
import { announcementsAction, announcementsLoader } from "./announcements.server";

export const loader = ({ request }: LoaderFunctionArgs) => announcementsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => announcementsAction(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function Announcements() {
  const { popup } = useLoaderData<typeof loader>();
  return <AnnouncementsPopup d={popup} />;
}
