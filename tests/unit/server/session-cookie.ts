import { getSession, commitSession, type SessionData } from "~/session.server";
import { csrfToken } from "~/security.server";

/** A sealed session cookie ("__session=…") for a login made now, with whatever else the test needs. */
export async function sessionCookie(data: Partial<SessionData>): Promise<string> {
  const session = await getSession(new Request("http://localhost/"));
  if (data.token) session.set("startedAt", Date.now());
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never);
  return (await commitSession(session)).split(";")[0]!;
}

/** The form token the pages of that login carry. */
export async function csrfFor(cookie: string): Promise<string> {
  return csrfToken(await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } })));
}
