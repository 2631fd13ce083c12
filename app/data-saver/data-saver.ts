// Data saver (issue 29, decision 054): the player's choice (a cookie set by the side menu's switch)
// or the browser's `Save-Data: on`. Shared by the server, which draws the lighter page, and the
// components, which leave pictures out.

/** The switch's cookie: "1" on, "0" off (an explicit off wins over the browser's Save-Data). */
export const SAVER_COOKIE = "saver";
/** ?pictures=1: this page with its pictures, data saver or not (the "show pictures" link). */
export const PICTURES_PARAM = "pictures";

/** Whether this request asks for the data-saver page, from its Cookie and Save-Data headers. */
export function dataSaverFrom(cookie: string | null | undefined, saveData: string | null | undefined): boolean {
  const choice = new RegExp(`(?:^|;\\s*)${SAVER_COOKIE}=([01])(?:;|$)`).exec(cookie ?? "")?.[1];
  if (choice) return choice === "1";
  return (saveData ?? "").trim().toLowerCase() === "on";
}

/** The same place with its pictures shown (the data saver's "show pictures" link). */
export function withPictures(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(PICTURES_PARAM, "1");
  return `${pathname}?${params.toString()}`;
}
