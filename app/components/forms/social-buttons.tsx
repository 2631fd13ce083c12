import { useTranslation } from "~/i18n/react";

// "Continue with Google / Facebook": plain links to /auth/<provider> (decision 013), so they work
// without JavaScript. Shown only for providers the loader lists (module on and configured).

type Provider = "google" | "facebook";

const MARK: Record<Provider, { letter: string; className: string }> = {
  google: { letter: "G", className: "bg-white text-[#4285f4]" },
  facebook: { letter: "f", className: "bg-[#1877f2] text-white" },
};

export function SocialButtons({ providers, redirectTo }: { providers: Provider[]; redirectTo?: string }) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  const query = redirectTo && redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <div className="mt-4">
      <p className="flex items-center gap-3 text-xs text-ink-dim before:h-px before:flex-1 before:bg-white/10 after:h-px after:flex-1 after:bg-white/10">
        {t("social.or")}
      </p>
      <div className="mt-3 space-y-2">
        {providers.map((p) => (
          <a key={p} href={`/auth/${p}${query}`} className="btn-ghost flex w-full items-center justify-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold ${MARK[p].className}`}
            >
              {MARK[p].letter}
            </span>
            {t(`social.${p}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
