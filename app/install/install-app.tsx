import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

// "Add to home screen" on /down (issue 29). The steps for Android and iPhone are always there (no
// JavaScript needed to read them); with JavaScript, a browser that offers its own install prompt
// (Chromium's beforeinstallprompt) gets an Install button, and an installed app says so.

type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

let offered: InstallPrompt | null = null;
const waiting = new Set<() => void>();

/** Called once by entry.client: the browser's offer can come before /down is shown. */
export function keepInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event as InstallPrompt;
    for (const w of waiting) w();
  });
  window.addEventListener("appinstalled", () => {
    offered = null;
    for (const w of waiting) w();
  });
}

export function InstallApp() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const update = () => setPrompt(offered);
    update();
    waiting.add(update);
    setInstalled(window.matchMedia("(display-mode: standalone)").matches);
    return () => {
      waiting.delete(update);
    };
  }, []);
  return (
    <section className="rounded-xl bg-panel p-3" data-testid="install-app" aria-labelledby="install-app">
      <h2 id="install-app" className="font-bold">
        {t("install.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-dim">{t("install.intro")}</p>
      {installed ? (
        <p className="mt-2 text-sm text-accent" role="status">
          {t("install.installed")}
        </p>
      ) : prompt ? (
        <button
          type="button"
          className="btn-accent mt-2"
          data-testid="install-button"
          onClick={async () => {
            await prompt.prompt();
            const choice = await prompt.userChoice.catch(() => null);
            if (choice?.outcome === "accepted") setInstalled(true);
            offered = null;
            setPrompt(null);
          }}
        >
          {t("install.button")}
        </button>
      ) : null}
      <div className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
        {(["android", "ios"] as const).map((phone) => (
          <div key={phone}>
            <h3 className="font-semibold">{t(`install.${phone}`)}</h3>
            <ol className="list-decimal space-y-1 ps-5">
              {(t(`install.steps.${phone}`, { returnObjects: true }) as string[]).map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
