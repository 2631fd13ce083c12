import { useTranslation } from "~/i18n/react";
import type { StatusScreen } from "~/shell.server";

/** Maintenance (503), IP restriction (403) and platform-unreachable screens. */
export function StatusScreenView({ screen }: { screen: StatusScreen }) {
  const { t } = useTranslation();
  const key = screen.screen;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="56" height="56" className="text-accent">
        <path
          fill="currentColor"
          d={
            key === "restricted"
              ? "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4ZM4 12c0-1.8.6-3.5 1.7-4.9l11.2 11.2A8 8 0 0 1 4 12Z"
              : "M22.7 19 13.6 9.9a6.5 6.5 0 0 0-8.4-8.4l4.3 4.3-3.1 3.1-4.3-4.3a6.5 6.5 0 0 0 8.4 8.4l9.1 9.1a1 1 0 0 0 1.4 0l1.7-1.7a1 1 0 0 0 0-1.4Z"
          }
        />
      </svg>
      <h1 className="text-2xl font-bold">{t(`status.${key}.title`)}</h1>
      <p className="text-ink-dim">{t(`status.${key}.text`)}</p>
      {key === "restricted" ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-panel px-4 py-3 text-start">
          <dt className="text-ink-dim">{t("status.restricted.ip")}</dt>
          <dd data-testid="visitor-ip">{screen.ip}</dd>
          <dt className="text-ink-dim">{t("status.restricted.country")}</dt>
          <dd data-testid="visitor-country">{screen.country}</dd>
        </dl>
      ) : null}
      {screen.contactUrl ? (
        <a className="btn-accent" href={screen.contactUrl} target="_blank" rel="noopener noreferrer">
          {t("status.contactUs")}
        </a>
      ) : null}
      {key === "unavailable" ? (
        // biome-ignore lint/a11y/useValidAnchor: href="" is this page again: a retry that works without JavaScript
        <a className="btn-accent" href="">
          {t("status.unavailable.retry")}
        </a>
      ) : null}
    </main>
  );
}
