/** A promotion's status as the platform names it, coloured by what it means for the player. */
export function StatusBadge({ status, name }: { status: string; name: string }) {
  const tone =
    status === "CLAIM" || status === "ISSUED" || status === "JOIN"
      ? "bg-accent text-night"
      : status === "REJECTED" || status === "CLOSED"
        ? "bg-bad/20 text-bad"
        : status === "CLAIMED" || status === "JOINED" || status === "SIGNED"
          ? "bg-ok/20 text-ok"
          : "bg-panel-2 text-ink-dim";
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${tone}`} data-status={status}>
      {name}
    </span>
  );
}
