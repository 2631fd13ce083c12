import QRCode from "qrcode";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { shareLink } from "~/public-url.server";

// Invite friends: the referral code, the link (on this site's own address) and its QR code, and
// how many friends registered with it. The QR code is drawn on the server as SVG.
export async function referralLoader(request: Request) {
  const ctx = await requireMemberPage(request, "referral");
  const referral = await ctx.gateway.records.referral().catch(readFailed(request));
  const code = referral.referralCode ?? "";
  const path = referral.referralLink?.startsWith("/") ? referral.referralLink : `/register?referralCode=${encodeURIComponent(code)}`;
  // From PUBLIC_URL, not the request's Host (decision 035); without the site's address, no QR code.
  const { link, absolute } = shareLink(request, path);
  const qr = code && absolute ? await QRCode.toString(link, { type: "svg", margin: 2, width: 200, errorCorrectionLevel: "M" }) : "";
  return { code, link, qr, invitations: referral.totalInvitations ?? 0, meta: await pageMeta(request, "member.referral") };
}
