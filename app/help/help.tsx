import { OperatorHtml } from "~/components/operator-html";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { HelpData } from "./help.server";

function Article({ a, open }: { a: { id: string; title: string; html: string }; open: boolean }) {
  return (
    <li id={`article-${a.id}`} className="rounded-xl bg-panel">
      <details name="help-article" open={open}>
        <summary className="cursor-pointer list-none p-3 font-semibold">{a.title}</summary>
        <OperatorHtml className="prose-invert px-3 pb-3 text-sm" html={a.html} />
      </details>
    </li>
  );
}

/** The help centre's page: search, the categories as links, the chosen category's articles. */
export function HelpCentre({ d, base, title }: { d: HelpData; base: string; title: string }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{title}</h1>
      <Form method="get" action={base} role="search" className="flex gap-2">
        <label className="sr-only" htmlFor="help-q">
          {t("help.search")}
        </label>
        <input
          id="help-q"
          type="search"
          name="q"
          defaultValue={d.q}
          maxLength={60}
          placeholder={t("help.search")}
          className="field mt-0 min-w-0 flex-1"
        />
        <button type="submit" className="btn-ghost">
          {t("help.find")}
        </button>
      </Form>
      {d.unavailable ? <p className="text-ink-dim">{t("error.platformUnavailable")}</p> : null}
      {d.q ? (
        <div className="space-y-2" data-testid="help-results">
          <p className="text-sm text-ink-dim">{t("help.results", { count: d.results.length, q: d.q })}</p>
          <ul className="space-y-2">
            {d.results.map((a) => (
              <Article key={a.id} a={a} open={d.results.length === 1} />
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("help.topics")}>
        {d.categories.map((c) => (
          <li key={c.id}>
            <Link
              to={`${base}?topic=${encodeURIComponent(c.tag || c.id)}`}
              aria-current={!d.q && d.current?.id === c.id ? "page" : undefined}
              className={`chip ${!d.q && d.current?.id === c.id ? "bg-accent font-bold text-night" : ""}`}
            >
              {c.title}
            </Link>
          </li>
        ))}
      </ul>
      {!d.q && d.current ? (
        <div className="space-y-2">
          <h2 className="text-lg font-bold">{d.current.title}</h2>
          {d.current.intro ? <OperatorHtml className="prose-invert text-sm" html={d.current.intro} /> : null}
          <ul className="space-y-2" data-testid="help-articles">
            {d.current.articles.map((a) => (
              <Article key={a.id} a={a} open={a.id === d.open} />
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-ink-dim">
        {t("help.notFound")}{" "}
        <Link to="/feedback" className="text-accent underline">
          {t("feedback.title")}
        </Link>
      </p>
    </section>
  );
}
