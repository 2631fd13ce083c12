import express from "express";
import { metricsResponse } from "./metrics";

type Probe = () => Promise<{ ok: boolean; detail?: string }>;

/**
 * Health for balancers: /healthz never touches a page or the platform; /readyz asks the platform,
 * one probe a second at most however often balancers (or anyone) ask, and says draining while the
 * server stops.
 */
export function healthChecks(platformReady: Probe, draining: () => boolean) {
  let probe: { at: number; result: ReturnType<Probe> } | undefined;
  const platformProbe = () => {
    if (!probe || Date.now() - probe.at > 1_000) probe = { at: Date.now(), result: platformReady() };
    return probe.result;
  };
  const healthz = (_req: express.Request, res: express.Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: draining() ? "draining" : "ok" });
  };
  const readyz = async (_req: express.Request, res: express.Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining()) return void res.status(503).json({ status: "draining" });
    const platform = await platformProbe();
    res.status(platform.ok ? 200 : 503).json({ status: platform.ok ? "ready" : "platform unreachable" });
  };
  return { healthz, readyz };
}

/** The operator listener of a server in front of a remote platform: metrics and health only. */
export function operatorApp(readyz: express.RequestHandler) {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", (_req, res) => void metricsResponse(res));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", readyz);
  return app;
}
