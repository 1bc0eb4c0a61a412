/**
 * A real OpenID Connect provider (oidc-provider 9) for tests: code flow with PKCE, over http on 127.0.0.1.
 * It stands in for Microsoft Entra ID (Office 365): its ID tokens carry `email`, `email_verified`,
 * `preferred_username`, `name` and, when set, the tenant id `tid`.
 *
 * There is no login page: whoever is in `nextLogin` signs in, and consent is granted, as soon as the
 * provider asks for an interaction. A browser (Playwright) or a fetch loop that follows redirects
 * (see `authorize`) goes from the app's authorization URL straight back to the app's callback.
 * The provider's own session cookie is ignored, so every sign-in asks for an interaction and `nextLogin` applies.
 *
 * Use in-process:
 *   const idp = await startOidcProvider({ clientId, clientSecret, redirectUri });
 *   idp.nextLogin = { sub: 'u-1', email: 'a@b.c', email_verified: true, tid: 'tenant' };
 *   // OFFICE365_ISSUER = idp.issuer; …; await idp.close();
 * Or from another process (e.g. Playwright tests when the provider runs in its webServer/globalSetup):
 *   PUT  {issuer}/__control  {"nextLogin": {...} | null, "idTokenAudience": "other" | null}
 *   GET  {issuer}/__control  → the current settings
 * Run on its own: `npx tsx apps/server/test/oidc-provider.ts` with OIDC_PORT, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI (and optionally OIDC_LOGIN as JSON) in the environment.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** The account that signs in at the next authorization request. */
export type ProviderLogin = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  /** Entra ID tenant id claim. */
  tid?: string;
  name?: string;
  preferred_username?: string;
};

export type OidcProviderOptions = {
  clientId: string;
  clientSecret: string;
  /** One redirect URI or several (e.g. the app on two ports). */
  redirectUri: string | string[];
  /** A fixed port (e.g. known to a Playwright config ahead); random when omitted or 0. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** The first account to sign in (same as setting `nextLogin`). */
  nextLogin?: ProviderLogin | null;
};

// oidc-provider ships no type declarations: the few parts used here, typed locally.
type KoaContext = {
  path: string;
  method: string;
  body: unknown;
  status: number;
  oidc?: { route?: string };
};
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
type InteractionDetails = {
  uid: string;
  prompt: { name: string; reasons: string[] };
  params: Record<string, unknown>;
};
type GrantInstance = {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
};
type ProviderInstance = {
  issuer: string;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(fn: Middleware): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (props: { accountId: string; clientId: string }) => GrantInstance;
};
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const loadProvider = async (): Promise<ProviderConstructor> => {
  const specifier: string = 'oidc-provider';
  const mod = (await import(specifier)) as { default: ProviderConstructor };
  return mod.default;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const parseLogin = (v: unknown): ProviderLogin | null => {
  if (v === null) return null;
  if (!isRecord(v) || typeof v.sub !== 'string' || !v.sub)
    throw new Error('nextLogin needs at least a string "sub"');
  const login: ProviderLogin = { sub: v.sub };
  for (const key of ['email', 'tid', 'name', 'preferred_username'] as const) {
    const value = v[key];
    if (typeof value === 'string') login[key] = value;
  }
  if (typeof v.email_verified === 'boolean') login.email_verified = v.email_verified;
  return login;
};

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

export const startOidcProvider = async (options: OidcProviderOptions) => {
  const Provider = await loadProvider();
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  /** Claims of every account that signed in, by subject (the claims at its latest sign-in). */
  const accounts = new Map<string, ProviderLogin>();
  const state = {
    nextLogin: options.nextLogin ?? null,
    /** When set, the /token response carries an ID token re-signed with this `aud` (another client). */
    idTokenAudience: null as string | null,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: Array.isArray(options.redirectUri) ? options.redirectUri : [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub', 'tid'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Put the scope claims (email, tid, …) in the ID token, as Entra ID does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  });
  provider.on('server_error', (_ctx, error) => {
    console.error('test OIDC provider error:', error);
  });

  provider.use(async (ctx, next) => {
    await next();
    const audience = state.idTokenAudience;
    if (
      !audience ||
      ctx.oidc?.route !== 'token' ||
      !isRecord(ctx.body) ||
      typeof ctx.body.id_token !== 'string'
    )
      return;
    const claims = decodeJwt(ctx.body.id_token);
    const forged = await new SignJWT({ ...claims, aud: audience, azp: audience })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
    ctx.body = { ...ctx.body, id_token: forged };
  });

  /** Signs in `nextLogin` and grants the requested scopes at once; no `nextLogin` → access_denied. */
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const login = state.nextLogin;
    if (!login) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'No test account is set to sign in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    accounts.set(login.sub, { ...login });
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: login.sub, clientId });
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'PUT' || req.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
        if (!isRecord(body)) throw new Error('expected a JSON object');
        if ('nextLogin' in body) state.nextLogin = parseLogin(body.nextLogin);
        if ('idTokenAudience' in body) {
          const aud = body.idTokenAudience;
          if (aud !== null && typeof aud !== 'string')
            throw new Error('idTokenAudience must be a string or null');
          state.idTokenAudience = aud;
        }
      } catch (error) {
        send(400, { error: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    send(200, { ...state });
  };

  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/__control') {
      control(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
      return;
    }
    if (req.method === 'GET' && /^\/interaction\/[^/]+$/.test(path)) {
      interaction(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    // The provider never sees an earlier session of its own (a browser keeps its cookie between tests), so
    // that `nextLogin` always applies and switching accounts needs no logout step.
    const cookie = req.headers.cookie;
    if (cookie) {
      const kept = cookie.split(';').filter((c) => !c.trim().startsWith('_session'));
      if (kept.length > 0) req.headers.cookie = kept.join(';');
      else delete req.headers.cookie;
    }
    handle(req, res);
  });

  /** The provider's cookies, kept between sign-ins as a browser keeps them. */
  const jar = new Map<string, string>();
  /**
   * Follows redirects from an authorization URL through the provider (keeping its cookies) until a
   * redirect leaves the provider; returns that URL (the app's callback with code or error).
   */
  const authorize = async (authorizationUrl: string) => {
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (new URL(url).origin !== issuer) return url;
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (!pair || eq < 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(
          `the provider answered ${res.status} at ${new URL(url).pathname}: ${(await res.text()).slice(0, 300)}`,
        );
      }
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    port,
    /** The provider's public keys (as served at its jwks_uri). */
    jwks: publicJwks,
    get nextLogin() {
      return state.nextLogin;
    },
    set nextLogin(login: ProviderLogin | null) {
      state.nextLogin = login;
    },
    /** Set to another client's id to have the provider hand back an ID token for that audience; null to stop. */
    get idTokenAudience() {
      return state.idTokenAudience;
    },
    set idTokenAudience(aud: string | null) {
      state.idTokenAudience = aud;
    },
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

const runningDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runningDirectly) {
  const env = process.env;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const provider = await startOidcProvider({
    port: Number(env.OIDC_PORT ?? 0),
    clientId: required('OIDC_CLIENT_ID'),
    clientSecret: required('OIDC_CLIENT_SECRET'),
    redirectUri: required('OIDC_REDIRECT_URI').split(','),
    nextLogin: env.OIDC_LOGIN ? parseLogin(JSON.parse(env.OIDC_LOGIN)) : null,
  });
  process.stdout.write(`test OIDC provider listening at ${provider.issuer}\n`);
  const stop = () => void provider.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
