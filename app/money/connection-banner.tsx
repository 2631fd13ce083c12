import { Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { moneyQueue } from "./connection-queue";

/** How often the server is asked whether it can be reached again while a move waits. */
const PROBE_SECONDS = 3;

const NOTHING_WAITING = { waiting: [], ended: null };
const serverState = () => NOTHING_WAITING;

/**
 * "Waiting for the connection — this request will be sent once", with Cancel, for a money form
 * kept by queueWhenUnreachable; sent again (the same form, the same requestId, through the route's
 * action, so its form shows the real answer) as soon as /healthz answers. Connection state comes
 * from that answer, not from navigator.onLine, which says "online" on a phone whose route to the
 * server is cut.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { waiting, ended } = useSyncExternalStore(moneyQueue.subscribe, moneyQueue.state, serverState);
  const submit = useSubmit();
  const idle = useNavigation().state === "idle";
  const next = waiting[0];

  useEffect(() => {
    if (!next || next.sending || !idle) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = async () => {
      moneyQueue.expire();
      if (stopped || moneyQueue.state().waiting[0]?.requestId !== next.requestId) return;
      const reachable = await fetch("/healthz", { cache: "no-store" }).then(
        (r) => r.ok,
        () => false,
      );
      if (stopped) return;
      if (reachable) {
        moneyQueue.sending(next.requestId);
        submit(next.formData, { method: "post", action: next.action, preventScrollReset: true });
      } else timer = setTimeout(probe, PROBE_SECONDS * 1000);
    };
    const now = () => {
      clearTimeout(timer);
      void probe();
    };
    timer = setTimeout(probe, PROBE_SECONDS * 1000);
    window.addEventListener("online", now);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", now);
    };
  }, [next, idle, submit]);

  useEffect(() => {
    if (!next) return;
    // Leaving the page would drop the kept form (it lives in this page only).
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [next]);

  if (next) {
    return (
      <div
        role="status"
        data-testid="money-queued"
        className="sticky top-0 z-50 flex items-center gap-3 bg-accent px-3 py-2 text-sm text-night"
      >
        <p className="flex-1 font-semibold">{next.sending ? t("offline.sending") : t("offline.queued")}</p>
        <button
          type="button"
          className="rounded-full border border-night/40 px-3 py-1 font-bold"
          onClick={() => moneyQueue.end(next.requestId, "cancelled")}
        >
          {t("offline.cancel")}
        </button>
      </div>
    );
  }
  if (ended) {
    return (
      <div role="alert" data-testid="money-queue-ended" className="sticky top-0 z-50 flex items-center gap-3 bg-panel px-3 py-2 text-sm">
        <p className="flex-1">{t(`offline.${ended.kind}`)}</p>
        <Link to="/member/account-record" className="font-bold text-accent" onClick={() => moneyQueue.dismiss()}>
          {t("offline.records")}
        </Link>
      </div>
    );
  }
  return null;
}
