// The customer-service window (docs/SPEC.md: "the customer-service link opens a blank window first"): a
// click on a link marked data-service-window opens a blank 440×750 window at once (inside the
// click, so pop-up blockers allow it), then points it at the link. Without JavaScript, or when the
// window is refused, the link itself opens in a new tab.
export const SERVICE_WINDOW = "width=440,height=750,resizable=yes,scrollbars=yes";

export function listenForServiceLinks(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[data-service-window]");
    if (!(link instanceof HTMLAnchorElement)) return;
    const opened = doc.defaultView?.open("", "customer-service", SERVICE_WINDOW);
    if (!opened) return;
    event.preventDefault();
    opened.opener = null;
    opened.location.href = link.href;
  });
}
