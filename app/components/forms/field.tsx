import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { readMessage } from "~/domain/messages";
import { PENDING_MESSAGE } from "~/domain/money";
import { fillRange } from "~/domain/patterns";

/** Translates a validation message: a key, with (min) and (max) filled in when it has them. */
export function useMessage() {
  const { t } = useTranslation(["auth", "common"]);
  return (text: string | undefined) => {
    if (!text) return "";
    const { key, min, max } = readMessage(text);
    return fillRange(t(key), min, max);
  };
}

type InputType = "text" | "password" | "email" | "tel" | "date" | "number";

/** A labelled input with its first error under it; the error is tied to the input for screen readers. */
export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "text";
  placeholder?: string;
  children?: React.ReactNode;
}) {
  const tr = useMessage();
  const error = meta.errors?.[0];
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          {...getInputProps(meta, { type: type === "number" ? "text" : type })}
          className="field min-w-0 flex-1"
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          autoCapitalize="none"
          spellCheck={false}
        />
        {children}
      </div>
      {error ? (
        <p id={meta.errorId} className="field-error">
          {tr(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form's own message. A money form whose last request has no known outcome yet (`pending`, from
 * its loader, or the action's answer) says so as a status, not an error: nothing failed, and the next
 * tap sends the same request (decision 033).
 */
export function FormError({ id, errors, pending }: { id: string; errors?: string[]; pending?: object | null }) {
  const tr = useMessage();
  const first = errors?.[0] ?? (pending ? PENDING_MESSAGE : undefined);
  if (!first) return null;
  if (first === PENDING_MESSAGE) return <PendingNotice id={id} text={tr(first)} />;
  return (
    <p id={id} role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
      {tr(first)}
    </p>
  );
}

export function FormNotice({ text }: { text?: string | null }) {
  const tr = useMessage();
  if (!text) return null;
  return (
    <p role="status" className="rounded-md bg-ok/15 px-3 py-2 text-sm text-ok">
      {tr(text)}
    </p>
  );
}

/** A form's fields as one string, passwords left out (they are checked apart). */
function fieldsOf(form: HTMLFormElement): string {
  const passwords = new Set([...form.querySelectorAll<HTMLInputElement>("input[type=password]")].map((i) => i.name));
  return JSON.stringify([...new FormData(form)].filter(([name, value]) => typeof value === "string" && !passwords.has(name)));
}

/** Seconds after which a pending money form asks again by itself (with JavaScript), then stops. */
const PENDING_CHECKS = [4, 8, 16];

/**
 * "Still being processed". With JavaScript the form is sent again by itself a few times while the
 * page is idle: it is the same request (its requestId), so the platform answers how the first one
 * ended and nothing moves twice. A form whose password field is empty (passwords are never kept)
 * waits for the player's tap instead.
 */
function PendingNotice({ id, text }: { id: string; text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const idle = useRef(true);
  idle.current = useNavigation().state === "idle";
  useEffect(() => {
    let round = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // What the form held when it was pending: once the player changes anything, it is theirs to send.
    const shown = ref.current?.closest("form");
    const sent = shown ? fieldsOf(shown) : "";
    const check = () => {
      const form = ref.current?.closest("form");
      if (!form || fieldsOf(form) !== sent) return;
      const secretsMissing = [...form.querySelectorAll<HTMLInputElement>("input[type=password]")].some((i) => i.value === "");
      if (secretsMissing) return;
      if (idle.current) {
        round += 1;
        form.requestSubmit();
      }
      if (round < PENDING_CHECKS.length) timer = setTimeout(check, PENDING_CHECKS[round]! * 1000);
    };
    timer = setTimeout(check, PENDING_CHECKS[0]! * 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p id={id} ref={ref} role="status" data-testid="money-pending" className="rounded-md bg-accent/15 px-3 py-2 text-sm">
      {text}
    </p>
  );
}
