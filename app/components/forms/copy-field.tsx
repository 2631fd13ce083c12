import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";

const CONFIRM_MS = 2000;

/**
 * A value the player copies into another app (the account a deposit is sent to): a read-only
 * field, so without JavaScript it is plain text to select and copy; with JavaScript a Copy button
 * beside it puts it on the clipboard and says "Copied". Each value keeps its own direction.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard (an insecure page, a refused permission): select the text for the player's own copy.
      input.current?.select();
      if (!document.execCommand?.("copy")) return;
    }
    setCopied(true);
  };
  return (
    <div data-testid={testId}>
      <label htmlFor={id} className="text-xs text-ink-dim">
        {label}
      </label>
      <div className="mt-0.5 flex items-center gap-2">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          dir="auto"
          onFocus={(e) => e.currentTarget.select()}
          className="field figure mt-0 min-w-0 flex-1 py-1.5 font-bold tracking-wider"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={copy}
            className="btn-ghost shrink-0 px-3"
            aria-label={t("member.depositPage.copyLabel", { what: label })}
          >
            {copied ? t("member.depositPage.copied") : t("member.depositPage.copy")}
          </button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {copied ? t("member.depositPage.copied") : ""}
      </p>
    </div>
  );
}
