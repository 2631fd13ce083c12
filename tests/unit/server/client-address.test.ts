import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { proxyAddress, requestProtocol } from "../../../server/logging";

// The micro-cache's fast path reads the client's address and protocol before Express has seen the
// request (giving it Express's prototype cost two thirds of a cached answer). It must read them
// exactly as req.ip and req.protocol do for every TRUST_PROXY setting, or a restricted visitor
// behind a proxy could get another address's page.

function rawRequest(peer: string, headers: Record<string, string>, encrypted = false): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: peer });
  if (encrypted) Object.defineProperty(socket, "encrypted", { value: true });
  const req = new IncomingMessage(socket);
  req.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return req;
}

/** What Express itself answers for the same request under the same setting. */
function expressReads(trustProxy: unknown, req: IncomingMessage): { ip: string | undefined; protocol: string } {
  const app = express();
  app.set("trust proxy", trustProxy);
  const view = Object.create(app.request, {
    headers: { value: req.headers },
    connection: { value: req.socket },
    socket: { value: req.socket },
  }) as express.Request;
  return { ip: view.ip, protocol: view.protocol };
}

const settings: unknown[] = [0, false, 1, 2, 3, true, "loopback", "10.0.0.0/8", "loopback, 10.0.0.1"];
const requests: Array<[string, Record<string, string>, boolean?]> = [
  ["203.0.113.9", {}],
  ["127.0.0.1", { "X-Forwarded-For": "198.51.100.23" }],
  ["127.0.0.1", { "X-Forwarded-For": "198.51.100.23, 10.0.0.1", "X-Forwarded-Proto": "https" }],
  ["10.0.0.1", { "X-Forwarded-For": "1.2.3.4, 198.51.100.23, 10.0.0.2", "X-Forwarded-Proto": "https, http" }],
  ["::ffff:127.0.0.1", { "X-Forwarded-For": "garbage, 198.51.100.23" }],
  ["::1", { "X-Forwarded-For": "2001:db8::1" }],
  ["203.0.113.9", { "X-Forwarded-Proto": "https" }],
  ["203.0.113.9", {}, true],
  ["127.0.0.1", { "X-Forwarded-Proto": "" }, true],
];

describe("the fast path's client address and protocol", () => {
  for (const setting of settings) {
    it(`answer what Express answers with trust proxy = ${JSON.stringify(setting)}`, () => {
      const app = express();
      app.set("trust proxy", setting);
      const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
      for (const [peer, headers, encrypted] of requests) {
        const req = rawRequest(peer, headers, encrypted);
        const expected = expressReads(setting, req);
        expect({ ip: proxyAddress(req, trust), protocol: requestProtocol(req, trust) }, `${peer} ${JSON.stringify(headers)}`).toEqual(
          expected,
        );
      }
    });
  }

  it("never changes the request's prototype", () => {
    const app = express();
    const req = rawRequest("127.0.0.1", { "X-Forwarded-For": "198.51.100.23" });
    proxyAddress(req, app.get("trust proxy fn"));
    requestProtocol(req, app.get("trust proxy fn"));
    expect(Object.getPrototypeOf(req)).toBe(IncomingMessage.prototype);
  });
});
