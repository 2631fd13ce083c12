import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal that is a route: it renders open, closing is a link. It cannot be closed by
 * clicking outside; page scrolling is locked while it is open (CSS, see data-modal).
 */
export function Modal({
  name, title, closeTo, showClose = true, background = true, width = 400, children,
}: {
  name: string;
  title?: string;
  closeTo: string;
  showClose?: boolean;
  background?: boolean;
  width?: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // With JavaScript, focus moves into the dialog when it opens.
    panel.current?.focus();
  }, []);
  const titleId = `${name}-title`;
  return (
    <div data-modal={name} className={`fixed inset-0 z-50 grid place-items-center overflow-y-auto p-3 ${background ? "bg-black/70" : ""}`}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : name}
        tabIndex={-1}
        style={{ maxWidth: width }}
        className="relative w-full rounded-2xl bg-panel-2 p-5 shadow-2xl outline-none"
      >
        {title ? <h2 id={titleId} className="pr-10 text-xl font-bold">{title}</h2> : null}
        {showClose ? (
          <Link to={closeTo} preventScrollReset className="btn-icon absolute right-2 top-2" aria-label={t("dialog.close")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" /></svg>
          </Link>
        ) : null}
        {children}
      </div>
    </div>
  );
}
