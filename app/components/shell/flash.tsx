import { useTranslation } from "~/i18n/react";

/** Messages after a redirect, rendered by the server (no JavaScript needed to see them). */
export function Flash({ notice, error }: { notice: string | null; error: string | null }) {
  const { t } = useTranslation();
  if (!notice && !error) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-3 pt-3">
      {notice ? (
        <p role="status" className="rounded-md bg-ok/15 px-3 py-2 text-sm text-ok">
          {t(notice)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
