import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/shell.server";
import { Icon } from "../icon";
import { Picture } from "~/data-saver/pictures";

export const SIDE_QR_SIZE = 125;

/** Customer service, app download with QR codes, social links. */
export function RightBar({ data }: { data: RootData }) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t("rightBar.label")} className="mx-auto mt-6 flex w-full max-w-5xl flex-wrap items-start gap-2 px-3">
      {data.customerService ? (
        <a className="chip" href={data.customerService} target="_blank" rel="noopener" data-service-window>
          <Icon name="chat" size={16} /> {t("nav.customerService")}
        </a>
      ) : null}
      {data.appDownloads.length > 0 ? (
        <details className="chip-group">
          <summary className="chip">
            <Icon name="download" size={16} /> {t("nav.appDownload")}
          </summary>
          <ul className="mt-2 flex flex-wrap gap-3 rounded-lg bg-panel p-3" data-testid="app-qr">
            {data.appDownloads.map((d) => (
              <li key={d.resourceType} className="flex flex-col items-center gap-1 text-xs">
                <Picture
                  src={`/qr/${d.resourceType}`}
                  width={SIDE_QR_SIZE}
                  height={SIDE_QR_SIZE}
                  loading="lazy"
                  alt={t("download.qrAlt", { app: t(d.labelKey) })}
                  className="rounded bg-white"
                />
                <span>{t(d.labelKey)}</span>
              </li>
            ))}
            <li className="self-center">
              <Link className="text-accent underline" to="/down">
                {t("download.more")}
              </Link>
            </li>
          </ul>
        </details>
      ) : null}
      {data.socials.map((s) => (
        <a key={s.type} className="chip" href={s.url} target="_blank" rel="noopener noreferrer">
          {t(`social.${s.type}`)}
        </a>
      ))}
    </aside>
  );
}
