import { tierColours } from "~/domain/vip-tiers";

/**
 * A VIP rank's badge: a shield in the rank's colours with its level, drawn inline (no picture to
 * download, nothing blank on a slow connection). Decorative: the rank's name is written beside it.
 */
export function TierBadge({ level, size = 40 }: { level: number; size?: number }) {
  const c = tierColours(level);
  return (
    <svg aria-hidden="true" viewBox="0 0 40 44" width={size} height={Math.round((size * 44) / 40)} className="shrink-0" data-tier={level}>
      <path d="M20 1 38 7v13c0 11-7.6 19.4-18 23C9.6 39.4 2 31 2 20V7z" fill={c.rim} />
      <path d="M20 5.2 34.4 10v10c0 8.8-5.9 15.6-14.4 18.8C11.5 35.6 5.6 28.8 5.6 20V10z" fill={c.face} />
      <path d="M12 13.5 20 10l8 3.5" fill="none" stroke={c.rim} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <text x="20" y="28.5" textAnchor="middle" fontSize="15" fontWeight="800" fill={c.ink} fontFamily="system-ui, sans-serif">
        {level}
      </text>
    </svg>
  );
}
