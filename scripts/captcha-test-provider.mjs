// A stand-in for Cloudflare Turnstile and hCaptcha in the browser tests (docs/spam.md): on a loopback
// port it serves what the forum's sign-up page and server reach for when CAPTCHA_SCRIPT_URL and
// CAPTCHA_VERIFY_URL point at it.
//   GET  /api.js       the widget script: `window.turnstile` and `window.hcaptcha` with the providers'
//                      explicit `render(el, {sitekey})` and `reset()`; render puts an iframe from this
//                      origin (so the page's frame-src is exercised as its script-src is) and the hidden
//                      answer field (`cf-turnstile-response` / `h-captcha-response`) into `el`
//   GET  /widget.html  the iframe: an "I am human" checkbox; ticking it asks /token for an answer and
//                      posts it to the page, which fills the answer field
//   POST /token        a new answer for the site key
//   POST /siteverify   the providers' form-encoded check (`secret`, `response`, `remoteip`): success once
//                      per answer this server issued for the right secret's site key, else false
// Runnable alone: node scripts/captcha-test-provider.mjs 3144
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

export const CAPTCHA_TEST_KEYS = { siteKey: "e2e-site-key", secretKey: "e2e-secret-key-not-for-production" };

const widgetScript = (origin) => `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  var widgets = [];
  function api(field) {
    return {
      render: function (el, opts) {
        var frame = document.createElement("iframe");
        frame.src = ORIGIN + "/widget.html?sitekey=" + encodeURIComponent(opts.sitekey);
        frame.title = "Captcha";
        frame.style.cssText = "border:0;width:300px;height:48px;display:block";
        var answer = document.createElement("input");
        answer.type = "hidden";
        answer.name = field;
        el.appendChild(frame);
        el.appendChild(answer);
        window.addEventListener("message", function (e) {
          if (e.origin === ORIGIN && e.source === frame.contentWindow && e.data && e.data.type === "captcha-answer") answer.value = e.data.token;
        });
        widgets.push({ frame: frame, answer: answer });
        return widgets.length - 1;
      },
      reset: function () {
        widgets.forEach(function (w) {
          w.answer.value = "";
          w.frame.src = w.frame.src;
        });
      },
    };
  }
  window.turnstile = api("cf-turnstile-response");
  window.hcaptcha = api("h-captcha-response");
})();
`;

const widgetPage = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 14px system-ui, sans-serif; color: #18181b; background: #f4f4f5; }
  label { display: flex; align-items: center; gap: 8px; height: 46px; padding: 0 12px; border: 1px solid #d4d4d8; border-radius: 6px; }
  @media (prefers-color-scheme: dark) { body { color: #f4f4f5; background: #27272a; } label { border-color: #52525b; } }
</style></head><body><label><input type="checkbox" id="human"> I am human</label><script>
  document.getElementById("human").addEventListener("change", async function (e) {
    if (!e.target.checked) return;
    var sitekey = new URLSearchParams(location.search).get("sitekey") || "";
    var r = await fetch("/token", { method: "POST", body: sitekey });
    parent.postMessage({ type: "captcha-answer", token: await r.text() }, "*");
  });
</script></body></html>`;

const readBody = (req) =>
  new Promise((resolve, reject) => {
    let b = "";
    req.on("data", (c) => (b += c));
    req.on("end", () => resolve(b));
    req.on("error", reject);
  });

/**
 * Starts the stand-in on `host:port`; resolves to `{ origin, scriptUrl, verifyUrl, verified, close }`.
 * `verified`: every siteverify call, in order (`{ response, remoteip, success }`).
 */
export async function startCaptchaProvider({ port = 3144, host = "127.0.0.1", keys = CAPTCHA_TEST_KEYS } = {}) {
  const origin = `http://${host}:${port}`;
  const issued = new Map(); // answer -> site key
  const verified = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    if (req.method === "GET" && path === "/api.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      return res.end(widgetScript(origin));
    }
    if (req.method === "GET" && path === "/widget.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(widgetPage);
    }
    if (req.method === "POST" && path === "/token") {
      const token = `pass.${randomBytes(12).toString("hex")}`;
      issued.set(token, await readBody(req));
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end(token);
    }
    if (req.method === "POST" && path === "/siteverify") {
      const form = new URLSearchParams(await readBody(req));
      const response = form.get("response") ?? "";
      const success = form.get("secret") === keys.secretKey && issued.get(response) === keys.siteKey;
      issued.delete(response); // one verification per answer, as the providers do
      verified.push({ response, remoteip: form.get("remoteip"), success });
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    origin,
    scriptUrl: `${origin}/api.js`,
    verifyUrl: `${origin}/siteverify`,
    verified,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = await startCaptchaProvider({ port: Number(process.argv[2] || 3144) });
  console.log(`captcha stand-in at ${p.origin}: CAPTCHA_SCRIPT_URL=${p.scriptUrl} CAPTCHA_VERIFY_URL=${p.verifyUrl}`);
}
