import QRCode from "qrcode";
import { requestContext } from "~/context.server";
import { pageMeta } from "~/i18n/t.server";
import { notePersonalPage } from "~/request-scope.server";

// App download (/down, docs/SPEC.md points 1 and 2): iOS, the iOS-lite profile (MOBILECONFIG) and Android
// from the platform's resources, each with its QR code drawn here (docs/SPEC.md's defaults: 200, level M)
// and how to install it; the visitor's own platform first.
const APPS = [
  { resourceType: "IOS", key: "ios", platform: "ios" },
  { resourceType: "MOBILECONFIG", key: "iosLite", platform: "ios" },
  { resourceType: "ANDROID", key: "android", platform: "android" },
] as const;

const QR_SIZE = 200;

function platformOf(userAgent: string): "ios" | "android" | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return null;
}

export async function downLoader(request: Request) {
  const ctx = await requestContext(request);
  const mine = platformOf(request.headers.get("User-Agent") ?? "");
  // The order follows this visitor's phone: not a page to share through the micro-cache.
  notePersonalPage();
  const apps = await Promise.all(
    APPS.flatMap((app) => {
      const resource = ctx.status.resources.find((r) => r.resourceType === app.resourceType);
      const url = resource?.url;
      if (!url) return [];
      return [
        (async () => ({
          ...app,
          url,
          qr: await QRCode.toString(resource.qrCodeUrl || url, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: QR_SIZE }).catch(
            () => "",
          ),
          suggested: app.platform === mine,
        }))(),
      ];
    }),
  );
  // The visitor's platform first; the order of the spec otherwise.
  apps.sort((a, b) => Number(b.suggested) - Number(a.suggested));
  return { apps, mine, meta: await pageMeta(request, "page.down") };
}
