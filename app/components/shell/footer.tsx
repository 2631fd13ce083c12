import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

const ABOUT = ["aboutCompany", "contactUs", "terms", "responsibleGaming", "privacy", "affiliates", "refund"] as const;

export function Footer({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const games = [
    { to: "/hot", label: t("gameType.HOT") },
    ...(loggedIn ? [{ to: "/fav", label: t("gameType.FAV") }] : []),
    { to: "/rng", label: t("footer.slots") },
    { to: "/live", label: t("footer.liveCasino") },
    { to: "/sports", label: t("gameType.SPORTS") },
  ];
  return (
    <footer className="mt-8 border-t border-white/10 bg-panel px-4 py-6 text-sm text-ink-dim [&_a:hover]:text-ink">
      <div className="mx-auto grid max-w-5xl gap-6 sm:grid-cols-3">
        <section aria-labelledby="footer-licence">
          <h2 id="footer-licence" className="mb-2 font-semibold text-ink">
            {t("footer.licenceTitle")}
          </h2>
          <p>{t("footer.licence")}</p>
          <p className="mt-2">{t("footer.responsible")}</p>
        </section>
        <nav aria-labelledby="footer-games">
          <h2 id="footer-games" className="mb-2 font-semibold text-ink">
            {t("footer.games")}
          </h2>
          <ul className="space-y-1">
            {games.map((g) => (
              <li key={g.to}>
                <Link to={g.to}>{g.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/help">{t("nav.helpCentre")}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-2 font-semibold text-ink">
            {t("footer.about")}
          </h2>
          <ul className="space-y-1">
            {ABOUT.map((key) => (
              <li key={key}>
                <Link to={`/about/${key}`}>{t(`footer.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <ul className="mx-auto mt-6 flex max-w-5xl flex-wrap gap-x-4 gap-y-1 text-xs">
        <li>
          <Link to="/about/certification">{t("footer.certification")}</Link>
        </li>
        <li>
          <Link to="/about/paymentMethods">{t("footer.payments")}</Link>
        </li>
        <li>
          <Link to="/about/security">{t("footer.security")}</Link>
        </li>
        <li>
          <Link to="/about/responsibleGaming">{t("footer.responsibleGaming")}</Link>
        </li>
      </ul>
      <p className="mx-auto mt-4 max-w-5xl text-xs">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
