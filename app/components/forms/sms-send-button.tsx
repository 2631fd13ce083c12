import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * "Send code" for SMS verification. With JavaScript it counts down and stays disabled until zero.
 * Without it, the page shows the seconds the server counted and the server refuses an early resend.
 */
export function SmsSendButton({ secondsLeft, pending }: { secondsLeft: number; pending?: boolean }) {
  const { t } = useTranslation("auth");
  const [left, setLeft] = useState(secondsLeft);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => setLeft(secondsLeft), [secondsLeft]);
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return (
    <button
      type="submit"
      name="intent"
      value="send-code"
      formNoValidate
      disabled={pending || (scripted && counting)}
      className="btn-ghost shrink-0 whitespace-nowrap px-3"
      data-testid="send-code"
    >
      {pending ? t("sms.sending") : counting ? t("sms.resendIn", { seconds: left }) : t("sms.send")}
    </button>
  );
}
