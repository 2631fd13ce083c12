import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { memberPath } from "~/domain/member-menu";

type Check = { due: number | null; startedAt: number; minutes: number; nextAt: number | null };

/**
 * The reality-check reminder (responsible gaming). The server shows it on the first page after it
 * falls due (no JavaScript needed); with JavaScript a timer also shows it on time while the player
 * stays on one page (a game, for instance).
 */
export function RealityCheck({ check }: { check: Check | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [played, setPlayed] = useState<number | null>(check?.due ?? null);
  useEffect(() => setPlayed(check?.due ?? null), [check?.due]);
  useEffect(() => {
    if (!check?.nextAt) return;
    let next = check.nextAt;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(
        () => {
          setPlayed(Math.floor((Date.now() - check.startedAt) / 60_000));
          next += check.minutes * 60_000;
          arm();
        },
        Math.max(1_000, next - Date.now()),
      );
    };
    arm();
    return () => clearTimeout(timer);
  }, [check?.nextAt, check?.startedAt, check?.minutes]);
  if (played == null) return null;
  const hours = Math.floor(played / 60);
  const minutes = played % 60;
  return (
    <div data-modal="reality-check" className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="rc-title"
        aria-describedby="rc-text"
        className="w-full max-w-[400px] rounded-xl bg-panel-2 p-5 text-center shadow-2xl"
      >
        <h2 id="rc-title" className="text-lg font-bold">
          {t("realityCheck.title")}
        </h2>
        <p id="rc-text" className="mt-2">
          {t("realityCheck.text", { hours, minutes })}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {/* Without JavaScript the link reloads the page, where the reminder no longer shows. */}
          <a
            href={location.pathname + location.search}
            className="btn-accent"
            onClick={(e) => {
              e.preventDefault();
              setPlayed(null);
            }}
          >
            {t("realityCheck.continue")}
          </a>
          <Link to={memberPath("responsibleGaming")} className="btn-ghost" onClick={() => setPlayed(null)}>
            {t("realityCheck.limits")}
          </Link>
          <Link to={memberPath("personalHistoryCopy")} className="btn-ghost" onClick={() => setPlayed(null)}>
            {t("realityCheck.history")}
          </Link>
        </div>
      </div>
    </div>
  );
}
