import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DrawnSvg } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { InstallApp } from "~/install/install-app";
import { downLoader } from "./down.server";

export const loader = ({ request }: LoaderFunctionArgs) => downLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function AppDownload() {
  const { apps, mine } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="space-y-4 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.down")}</h1>
      <p className="text-ink-dim">{t("pageIntro.down")}</p>
      {apps.length === 0 ? <p className="text-ink-dim">{t("downloadPage.none")}</p> : null}
      <ul className="space-y-3" data-testid="downloads">
        {apps.map((app) => (
          <li key={app.resourceType} className={`rounded-xl bg-panel p-3 ${app.suggested ? "border-s-4 border-accent" : ""}`}>
            <h2 className="font-bold">
              {t(`download.${app.key}`)}
              {app.suggested ? <span className="ms-2 text-xs font-normal text-accent">{t("downloadPage.forYourPhone")}</span> : null}
            </h2>
            {/* On a phone the steps go under the code, at the card's width; beside it from 640 px. */}
            <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="download-card">
              {app.qr ? (
                <DrawnSvg
                  className="w-[200px] shrink-0 rounded-lg bg-white"
                  role="img"
                  aria-label={t("download.qrAlt", { app: t(`download.${app.key}`) })}
                  svg={app.qr}
                />
              ) : null}
              <div className="min-w-0 flex-1 space-y-2 text-sm" data-testid="download-steps">
                <a href={app.url} className="btn-accent" rel="noopener">
                  {t("downloadPage.get", { app: t(`download.${app.key}`) })}
                </a>
                <ol className="list-decimal space-y-1 ps-5" aria-label={t("downloadPage.howTo")}>
                  {(t(`downloadPage.steps.${app.key}`, { returnObjects: true }) as string[]).map((step, i) => (
                    <li key={i}>{step}</li>
                  ))}
                </ol>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {mine === null ? <p className="text-xs text-ink-dim">{t("downloadPage.scan")}</p> : null}
      <InstallApp />
    </section>
  );
}
