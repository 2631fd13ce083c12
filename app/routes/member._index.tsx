import { redirect } from "@remix-run/node";
import { memberPath, DEFAULT_MEMBER_PAGE } from "~/domain/member-menu";

// The member centre opens on its default page (securityCenter).
export const loader = () => redirect(memberPath(DEFAULT_MEMBER_PAGE));
