import { listenLocal } from "../fixtures/listen";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A loopback TLS proxy in front of a web instance, as a balancer that ends TLS would be: WebKitGTK
// keeps a Secure cookie (the session, the language) only from an https page, so the walk on the
// other engines goes through this, with the server's production cookie settings. Its certificate
// is made at run time (openssl, self-signed for localhost); the browsers are told to accept it.
//
// It also serves the walk in two ways a browser's driver cannot:
// - every answer of 400 or more is kept (`failures`), whatever asked for it (a picture, a script),
//   since a page whose resources fail is a page with console errors on every engine;
// - with `captureConsole`, each HTML page gets, first thing in its <head>, a small script (with
//   the page's own CSP nonce) that records window errors, unhandled rejections, console.error and
//   CSP refusals in window.__walkErrors and removes its own element at once, before the page's
//   modules run, so React hydrates exactly the document the server sent; what it records is kept
//   in sessionStorage, so it outlives a full page load. WebKitWebDriver has no
//   log endpoint and no BiDi, so this is how the walk reads WebKit's console.

export type TlsProxy = {
  url: string;
  failures: string[];
  /** Resolves once no request has been open through the proxy for `quietMs` (the network is idle). */
  idle(quietMs?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const CAPTURE = `(function(){window.__walkCapture=true;var k="__walkErrors";function p(m){try{var a=JSON.parse(sessionStorage.getItem(k)||"[]");a.push(m+" (on "+location.pathname+")");sessionStorage.setItem(k,JSON.stringify(a))}catch(e){}}
function s(v){try{return v instanceof Error?v.message:typeof v==="string"?v:JSON.stringify(v)}catch(e){return String(v)}}
window.addEventListener("error",function(e){var t=e.target;if(t&&t!==window&&t.tagName){p("failed to load "+(t.src||t.href||t.tagName))}else{p("uncaught: "+e.message+" at "+e.filename+":"+e.lineno)}},true);
window.addEventListener("unhandledrejection",function(e){p("unhandled rejection: "+s(e.reason))});
document.addEventListener("securitypolicyviolation",function(e){p("CSP refused "+e.violatedDirective+" "+e.blockedURI)});
var o=console.error;console.error=function(){p("console.error: "+Array.prototype.map.call(arguments,s).join(" "));return o.apply(console,arguments)};
var c=document.currentScript;if(c)c.remove()})();`;

/** What the capture recorded since the last read (kept in sessionStorage, so across full page loads), cleared; a page without the capture is an error itself. */
export const READ_CAPTURED = `(() => { const a = JSON.parse(sessionStorage.getItem("__walkErrors") || "[]"); sessionStorage.removeItem("__walkErrors"); if (!window.__walkCapture) a.push("the console capture is missing from this page: its errors go unseen"); return a; })()`;

function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "bw-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "pipe" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** https://127.0.0.1:<port> → http://127.0.0.1:<target>, with X-Forwarded-Proto/For as a balancer sends them. */
export async function startTlsProxy(target: number, options: { captureConsole?: boolean } = {}): Promise<TlsProxy> {
  const failures: string[] = [];
  let open = 0;
  let lastActivity = Date.now();
  const server: Server = createServer(certificate(), (req, res) => {
    open++;
    lastActivity = Date.now();
    res.once("close", () => {
      open--;
      lastActivity = Date.now();
    });
    const headers: IncomingHttpHeaders = { ...req.headers, "x-forwarded-proto": "https", "x-forwarded-for": "127.0.0.1" };
    // The capture is written into the HTML, so pages come uncompressed through here.
    if (options.captureConsole) delete headers["accept-encoding"];
    const upstream = httpRequest({ host: "127.0.0.1", port: target, method: req.method, path: req.url, headers }, (answer) => {
      const status = answer.statusCode ?? 502;
      if (status >= 400) failures.push(`${status} ${req.method} ${req.url}`);
      const html = /^text\/html/.test(String(answer.headers["content-type"] ?? ""));
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"] ?? ""))?.[1];
      if (!options.captureConsole || !html || !nonce) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const page = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/<head\b[^>]*>/i, (tag) => `${tag}<script nonce="${nonce}">${CAPTURE}</script>`);
        const out = { ...answer.headers };
        delete out["content-length"];
        delete out["transfer-encoding"];
        res.writeHead(status, { ...out, "content-length": Buffer.byteLength(page) });
        res.end(page);
      });
    });
    upstream.on("error", (error) => {
      failures.push(`proxy: ${req.method} ${req.url}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const { port, close } = await listenLocal(server);
  return {
    url: `https://127.0.0.1:${port}`,
    failures,
    async idle(quietMs = 300, timeoutMs = 10_000) {
      const started = Date.now();
      while (open > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() - started > timeoutMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close,
  };
}
