import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';

/**
 * A local LTI 1.3 platform (a Canvas or Moodle) for tests: its own RSA key and JWKS, third-party
 * initiated login, an authorisation endpoint that answers with an auto-posting form carrying a
 * signed id_token, and the AGS score service behind an OAuth 2 token endpoint that authenticates
 * the tool by its signed client assertion (checked against the tool's published JWKS).
 */
export interface LtiPerson {
  sub: string;
  email?: string;
  givenName?: string;
  familyName?: string;
}
export interface LtiResourceLink {
  id: string;
  setId?: string;
  lineItem?: string;
}
export interface PostedScore {
  lineItem: string;
  body: Record<string, unknown>;
}

const ISS = 'https://lms.example.edu';
export const CLIENT_ID = 'candor-client-1';
export const DEPLOYMENT = 'deployment-1';

export async function startLtiPlatform(tool: { origin: () => string; jwksUrl: () => string }) {
  const toolOrigin = tool.origin;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const pending = new Map<string, { person: LtiPerson; link: LtiResourceLink }>();
  const tokens = new Set<string>();
  const gradebook: PostedScore[] = [];
  const state = { failScores: 0, tokenRequests: 0 };
  let base = '';

  /** A launch's id_token; tests change claims or the key to forge one. */
  async function idToken(
    person: LtiPerson,
    link: LtiResourceLink,
    nonce: string,
    change: { claims?: JWTPayload; key?: CryptoKey; expiresIn?: number; aud?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
    return new SignJWT({
      nonce,
      email: person.email,
      given_name: person.givenName,
      family_name: person.familyName,
      [`${lti}message_type`]: 'LtiResourceLinkRequest',
      [`${lti}version`]: '1.3.0',
      [`${lti}deployment_id`]: DEPLOYMENT,
      [`${lti}target_link_uri`]: `${toolOrigin()}/lti/launch`,
      [`${lti}resource_link`]: { id: link.id, title: 'Mock interview' },
      [`${lti}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${lti}custom`]: link.setId ? { set_id: link.setId } : {},
      ...(link.lineItem
        ? {
            'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
              scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
              lineitem: `${base}${link.lineItem}`,
            },
          }
        : {}),
      ...change.claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISS)
      .setSubject(person.sub)
      .setAudience(change.aud ?? CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + (change.expiresIn ?? 300))
      .sign(change.key ?? privateKey);
  }

  const read = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url!, base);
      const send = (code: number, body: unknown, type = 'application/json') => {
        res.writeHead(code, { 'content-type': type });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (url.pathname === '/jwks') return send(200, { keys: [publicJwk] });
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        const launch = pending.get(q.get('lti_message_hint') ?? '');
        const ok =
          q.get('client_id') === CLIENT_ID &&
          q.get('response_type') === 'id_token' &&
          q.get('response_mode') === 'form_post' &&
          q.get('scope') === 'openid' &&
          q.get('redirect_uri') === `${toolOrigin()}/lti/launch` &&
          q.get('nonce') &&
          q.get('state') &&
          launch &&
          q.get('login_hint') === launch.person.sub;
        if (!ok) return send(400, { error: 'invalid_request' });
        const token = await idToken(launch.person, launch.link, q.get('nonce')!);
        return send(
          200,
          `<!doctype html><form method="post" action="${q.get('redirect_uri')}"><input type="hidden" name="id_token" value="${token}"><input type="hidden" name="state" value="${q.get('state')}"></form><script>document.forms[0].submit()</script>`,
          'text/html',
        );
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        state.tokenRequests += 1;
        const form = new URLSearchParams(await read(req));
        try {
          const keys = createRemoteJWKSet(new URL(tool.jwksUrl()));
          await jwtVerify(form.get('client_assertion') ?? '', keys, {
            issuer: CLIENT_ID,
            subject: CLIENT_ID,
            audience: `${base}/token`,
          });
        } catch {
          return send(401, { error: 'invalid_client' });
        }
        if (form.get('grant_type') !== 'client_credentials') return send(400, { error: 'grant' });
        const token = crypto.randomBytes(16).toString('hex');
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      const scores = /^(\/lineitems\/[^/]+)\/scores$/.exec(url.pathname);
      if (scores && req.method === 'POST') {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(bearer)) return send(401, { error: 'token' });
        if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json')
          return send(415, { error: 'media type' });
        if (state.failScores > 0) {
          state.failScores -= 1;
          return send(503, { error: 'busy' });
        }
        gradebook.push({ lineItem: scores[1]!, body: JSON.parse(await read(req)) });
        return send(200, {});
      }
      send(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get url() {
      return base;
    },
    issuer: ISS,
    gradebook,
    state,
    idToken,
    /** The tool's LTI_PLATFORMS entry for this platform. */
    registration: () => ({
      issuer: ISS,
      clientId: CLIENT_ID,
      authUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
      deployments: [DEPLOYMENT],
    }),
    /** Third-party initiated login: the URL the platform sends the student's browser to. */
    initiation(person: LtiPerson, link: LtiResourceLink) {
      const hint = crypto.randomUUID();
      pending.set(hint, { person, link });
      const q = new URLSearchParams({
        iss: ISS,
        login_hint: person.sub,
        target_link_uri: `${toolOrigin()}/lti/launch`,
        lti_message_hint: hint,
        client_id: CLIENT_ID,
        lti_deployment_id: DEPLOYMENT,
      });
      return `/lti/login?${q}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
