import type { LoaderFunctionArgs } from "@remix-run/node";
import { brandIcon, ICON_SIZES, type IconName } from "~/install/icons.server";

// /icons/192.png and the like: the installed app's icons (the web app manifest, apple-touch-icon).
export async function loader({ params }: LoaderFunctionArgs) {
  const name = /^(.+)\.png$/.exec(params.name ?? "")?.[1];
  if (!name || !(name in ICON_SIZES)) throw new Response("Not found", { status: 404 });
  const png = await brandIcon(name as IconName);
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", "Content-Length": String(png.length) },
  });
}
