// A real OpenID Connect provider for the tests (the certified `oidc-provider` package, a devDependency):
// one confidential client, PKCE required, and oidc-provider's development login and consent pages, which
// a headless browser completes. Any login name signs in; the claims come from it:
//   "alice"               → sub alice, email alice@oidc.test, email_verified true, preferred_username alice
//   "bob@example.test"    → that email (verified), preferred_username bob
//   "unverified-…"        → email_verified false
// Used by scripts/e2e-server.mjs (E2E_OIDC_PORT, default 3250) and runnable alone:
//   node scripts/oidc-test-provider.mjs 3250 http://localhost:3000/api/auth/callback/oidc
import Provider from "oidc-provider";

export const OIDC_TEST_CLIENT = { clientId: "forum-e2e", clientSecret: "forum-e2e-secret-not-for-production" };

/** The claims of the account a login name makes (see the header). */
export function testClaims(login) {
  const email = login.includes("@") ? login.toLowerCase() : `${login.toLowerCase()}@oidc.test`;
  const local = email.split("@")[0];
  return {
    sub: login,
    email,
    email_verified: !login.startsWith("unverified-"),
    name: local,
    preferred_username: local,
  };
}

/**
 * Starts the provider on `host:port`; resolves to `{ issuer, close }`. `redirectUris` are the client's
 * (`${PUBLIC_URL}/api/auth/callback/oidc`).
 */
export async function startOidcProvider({ port = 3250, host = "127.0.0.1", redirectUris, quiet = true } = {}) {
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.clientId,
        client_secret: OIDC_TEST_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => testClaims(id) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["oidc-test-provider-cookie-key"] },
  });
  provider.proxy = false;
  if (!quiet) provider.on("server_error", (_ctx, err) => console.error("[oidc-provider]", err));
  const server = await new Promise((resolve, reject) => {
    const s = provider.listen(port, host, () => resolve(s));
    s.on("error", reject);
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] || 3250);
  const redirect = process.argv[3] || "http://localhost:3000/api/auth/callback/oidc";
  const { issuer } = await startOidcProvider({ port, redirectUris: [redirect], quiet: false });
  console.log(`OpenID provider at ${issuer} (client ${OIDC_TEST_CLIENT.clientId}, redirect ${redirect})`);
}
