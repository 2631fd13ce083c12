import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <p className="text-5xl font-bold text-accent">404</p>
      <h1 className="mt-2 text-xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 text-ink-dim">{t("notFound.text")}</p>
      <Link className="btn-accent mt-6 inline-block" to="/">
        {t("notFound.home")}
      </Link>
    </main>
  );
}
