import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * Stand-ins for Google's and Facebook's servers on loopback, for the offline tests: real RS256 keys
 * and a real JWKS, so the API's verification runs exactly as against Google.
 */

const KEY_ID = 'fake-google-key';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface GoogleSigner {
  issuer: string;
  /** An ID token as Google Identity Services hands it to the page. */
  sign(
    claims: GoogleClaims,
    options?: { audience?: string; expiresAt?: Date; issuer?: string; foreignKey?: boolean },
  ): Promise<string>;
}

/** Signs with a private JWK (e.g. the one a running fake issuer printed); `foreignKey` uses a stranger's. */
export async function googleSigner(issuer: string, audience: string, privateJwk: JWK): Promise<GoogleSigner> {
  const key = await importJWK(privateJwk, 'RS256');
  return {
    issuer,
    async sign(claims, options = {}) {
      const signingKey = options.foreignKey ? (await generateKeyPair('RS256')).privateKey : key;
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = { ...claims };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setIssuedAt(now - 60)
        .setExpirationTime(options.expiresAt ? Math.floor(options.expiresAt.getTime() / 1000) : now + 3600)
        .sign(signingKey);
    },
  };
}

export interface FakeGoogle extends GoogleSigner {
  jwksUrl: string;
  privateJwk: JWK;
  close(): Promise<void>;
}

/** A Google issuer: a fresh RS256 key pair whose public half is served as a JWKS at `/certs`. */
export async function startFakeGoogle(options: { audience: string; port?: number }): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256' };
  const server = createServer((request, response) => {
    if (request.url === '/certs') sendJson(response, 200, { keys: [publicJwk] });
    else sendJson(response, 404, { error: 'not found' });
  });
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const signer = await googleSigner(issuer, options.audience, privateJwk);
  return {
    ...signer,
    jwksUrl: `${issuer}/certs`,
    privateJwk,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FacebookUser {
  id: string;
  name?: string;
  email?: string;
  /** The app the token was issued to; the configured one when left out. */
  appId?: string;
  valid?: boolean;
}

export interface FakeGraph {
  url: string;
  /** Registers a user access token the fake Graph API will vouch for. */
  issueToken(token: string, user: FacebookUser): void;
  /** Calls that came without the right app token or `appsecret_proof`. */
  refusedCalls: number;
  close(): Promise<void>;
}

const proof = (secret: string, token: string) => createHmac('sha256', secret).update(token).digest('hex');

/** Graph API's `debug_token` and `/me`, checking the app token and every `appsecret_proof`. */
export async function startFakeGraph(app: { appId: string; appSecret: string }): Promise<FakeGraph> {
  const tokens = new Map<string, FacebookUser>();
  const appToken = `${app.appId}|${app.appSecret}`;
  const state = { refusedCalls: 0 };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const accessToken = url.searchParams.get('access_token') ?? '';
    if (url.searchParams.get('appsecret_proof') !== proof(app.appSecret, accessToken)) {
      state.refusedCalls += 1;
      return sendJson(response, 400, { error: { message: 'Invalid appsecret_proof', code: 100 } });
    }
    if (url.pathname === '/debug_token') {
      if (accessToken !== appToken) {
        state.refusedCalls += 1;
        return sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      }
      const user = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!user) return sendJson(response, 200, { data: { is_valid: false, error: { code: 190 } } });
      return sendJson(response, 200, {
        data: { app_id: user.appId ?? app.appId, is_valid: user.valid ?? true, user_id: user.id },
      });
    }
    if (url.pathname === '/me') {
      const user = tokens.get(accessToken);
      if (!user)
        return sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      const { id, name, email } = user;
      return sendJson(response, 200, { id, ...(name ? { name } : {}), ...(email ? { email } : {}) });
    }
    return sendJson(response, 404, { error: { message: 'Unknown path' } });
  };
  const server = createServer(handle);
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    issueToken: (token, user) => tokens.set(token, user),
    get refusedCalls() {
      return state.refusedCalls;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The Google client id and Facebook app the API under test is configured with. */
const FAKE_GOOGLE_CLIENT_ID = 'benchside-test.apps.googleusercontent.com';
const FAKE_FACEBOOK_APP = { appId: '1234567890', appSecret: 'fb-test-secret' };

export interface FakeProviders {
  google: FakeGoogle;
  graph: FakeGraph;
  /** The API's settings that send both sign-ins to these fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Fake Google and Facebook side by side, for an API whose users sign in with either. */
export async function startFakeProviders(): Promise<FakeProviders> {
  const google = await startFakeGoogle({ audience: FAKE_GOOGLE_CLIENT_ID });
  const graph = await startFakeGraph(FAKE_FACEBOOK_APP);
  return {
    google,
    graph,
    env: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
      GOOGLE_ISSUER: google.issuer,
      FACEBOOK_APP_ID: FAKE_FACEBOOK_APP.appId,
      FACEBOOK_APP_SECRET: FAKE_FACEBOOK_APP.appSecret,
      FACEBOOK_GRAPH_URL: graph.url,
    },
    async close() {
      await google.close();
      await graph.close();
    },
  };
}
