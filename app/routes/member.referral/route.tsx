import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DrawnSvg } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { referralLoader } from "./referral.server";

export const loader = ({ request }: LoaderFunctionArgs) => referralLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function Referral() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.referral")}</h1>
      <div className="space-y-2 rounded-xl bg-panel p-4 text-center">
        <p className="text-sm text-ink-dim">{t("member.invite.code")}</p>
        <p className="text-2xl font-bold tracking-widest text-accent" data-testid="referral-code">
          {d.code}
        </p>
        {d.qr ? (
          <DrawnSvg className="mx-auto w-[200px] rounded-lg bg-white" role="img" aria-label={t("member.invite.qr")} svg={d.qr} />
        ) : null}
        <label htmlFor="referral-link" className="block text-sm text-ink-dim">
          {t("member.invite.link")}
        </label>
        <input
          id="referral-link"
          readOnly
          value={d.link}
          className="field mt-0 text-center text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <p className="text-sm">{t("member.invite.count", { count: d.invitations })}</p>
      </div>
    </section>
  );
}
