import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls instead of leaving it. */
function keepFocusInside(event: KeyboardEvent, panel: HTMLElement) {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (!panel.contains(active)) {
    // Focus left the dialog (a click on the backdrop): Tab brings it back in.
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal that is a route: it renders open, closing is a link. It cannot be closed by
 * clicking outside; page scrolling is locked while it is open (CSS, see data-modal).
 * With JavaScript it takes focus when it opens, keeps it inside, closes on Escape (when it
 * may be closed) and gives focus back to what opened it.
 */
export function Modal({
  name,
  title,
  closeTo,
  showClose = true,
  background = true,
  width = 400,
  children,
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
  const navigate = useNavigate();
  const closing = useRef({ closeTo, showClose });
  closing.current = { closeTo, showClose };
  useEffect(() => {
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && closing.current.showClose) {
        event.preventDefault();
        navigate(closing.current.closeTo, { preventScrollReset: true });
      } else if (event.key === "Tab" && panel.current) {
        keepFocusInside(event, panel.current);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [navigate]);
  const titleId = `${name}-title`;
  return (
    // One column of the overlay's width (grid-cols-1 is minmax(0, 1fr)): an auto column grows to
    // the dialog's widest unbreakable line and the announcements popup scrolled sideways on a
    // 360 px phone (Firefox and WebKit, 20-30 px past the edge).
    <div
      data-modal={name}
      className={`fixed inset-0 z-50 grid grid-cols-1 place-items-center overflow-y-auto p-3 ${background ? "bg-black/70" : ""}`}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : name}
        tabIndex={-1}
        // Without JavaScript the browser focuses the dialog as the page loads (a keyboard user starts
        // inside it, not behind the overlay); with it, the effect above does.
        // biome-ignore lint/a11y/noAutofocus: the dialog is the page's task (a route of its own); see above
        autoFocus
        style={{ maxWidth: width }}
        className="relative w-full rounded-2xl bg-panel-2 p-5 shadow-2xl outline-none"
      >
        {title ? (
          <h2 id={titleId} className="pe-10 text-xl font-bold">
            {title}
          </h2>
        ) : null}
        {showClose ? (
          <Link to={closeTo} preventScrollReset className="btn-icon absolute end-2 top-2" aria-label={t("dialog.close")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" />
            </svg>
          </Link>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The operator's banner at the top of the login and registration modals. */
export function ModalBanner({ banner }: { banner: { src: string; title: string } | null | undefined }) {
  if (!banner) return null;
  return (
    <img
      src={banner.src}
      alt={banner.title}
      dir="auto"
      width={360}
      height={140}
      className="mt-3 aspect-[18/7] w-full rounded-lg object-cover"
    />
  );
}
