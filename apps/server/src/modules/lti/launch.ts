import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { LtiPlatform } from '../../config';
import type { Db } from '../../db/client';
import { ltiLaunchStates, ltiLinks } from '../../db/schema';
import {
  AGS_SCORE_SCOPE,
  CLAIM,
  LAUNCH_STATE_TTL_MS,
  LTI_PATHS,
  LTI_VERSION,
  RESOURCE_LINK_REQUEST,
} from './claims';
import { LtiRefusal } from './refusal';

export interface LaunchDeps {
  db: Db;
  platforms: LtiPlatform[];
  /** The tool's public origin (PUBLIC_URL): the redirect URI and the target links' origin. */
  origin: string;
  now: () => Date;
}

const hashOf = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
const text = (v: unknown, max = 2000) =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined;

/** Third-party initiated login's parameters (LTI 1.3 core 5.1.1; the security framework 5.1.1.1). */
export interface LoginInitiation {
  iss?: unknown;
  login_hint?: unknown;
  target_link_uri?: unknown;
  lti_message_hint?: unknown;
  client_id?: unknown;
  lti_deployment_id?: unknown;
}

/**
 * OIDC login initiation: a registered platform asks us to start a launch. The state goes to the
 * browser (its cookie) and, hashed, to the database with a fresh nonce; the browser goes on to the
 * platform's authorisation endpoint, which answers with the signed id_token.
 */
export async function beginLaunch(deps: LaunchDeps, params: LoginInitiation) {
  const iss = text(params.iss);
  const loginHint = text(params.login_hint);
  const target = text(params.target_link_uri);
  if (!iss) throw new LtiRefusal(400, 'LTI_ISS', 'The login came without its issuer (iss).');
  if (!loginHint) throw new LtiRefusal(400, 'LTI_LOGIN_HINT', 'The login came without login_hint.');
  if (!target) throw new LtiRefusal(400, 'LTI_TARGET', 'The login came without target_link_uri.');
  const clientId = text(params.client_id);
  const platform = deps.platforms.find(
    (p) => p.issuer === iss && (clientId === undefined || p.clientId === clientId),
  );
  if (!platform)
    throw new LtiRefusal(
      403,
      'LTI_PLATFORM',
      'This course platform is not registered with Candor.',
    );
  let targetUrl: URL;
  try {
    targetUrl = new URL(target);
  } catch {
    throw new LtiRefusal(400, 'LTI_TARGET', 'target_link_uri is not a URL.');
  }
  // The launch lands here only: a target elsewhere would make us an open redirect.
  if (targetUrl.origin !== deps.origin)
    throw new LtiRefusal(400, 'LTI_TARGET', 'target_link_uri is not an address of this Candor.');
  const state = crypto.randomBytes(32).toString('base64url');
  const nonce = crypto.randomBytes(24).toString('base64url');
  await deps.db.insert(ltiLaunchStates).values({
    stateHash: hashOf(state),
    nonce,
    issuer: platform.issuer,
    clientId: platform.clientId,
    createdAt: deps.now(),
  });
  const auth = new URL(platform.authUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: `${deps.origin}${LTI_PATHS.launch}`,
    login_hint: loginHint,
    state,
    nonce,
  };
  const messageHint = text(params.lti_message_hint);
  if (messageHint) query.lti_message_hint = messageHint;
  for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
  return { state, redirect: auth.toString() };
}

/** What a verified launch tells us. */
export interface VerifiedLaunch {
  platform: LtiPlatform;
  sub: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  name?: string;
  deploymentId: string;
  resourceLinkId: string;
  /** The set the link opens: its custom parameter set_id, or ?set= on its target link. */
  setId?: string;
  lineItem?: string;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
/** One cached key set per platform JWKS URL (jose refetches on an unknown kid, at most every 30 s). */
function keySetOf(url: string) {
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url))));
  return set;
}

function refusedToken(err: unknown): LtiRefusal {
  if (err instanceof errors.JWTExpired)
    return new LtiRefusal(401, 'LTI_EXPIRED', 'The launch has expired; open it again.');
  if (err instanceof errors.JWTClaimValidationFailed) {
    const claim = err.claim === 'aud' ? 'audience (aud)' : err.claim;
    return new LtiRefusal(401, 'LTI_CLAIM', `The launch's ${claim} is not this tool's.`);
  }
  if (
    err instanceof errors.JWSSignatureVerificationFailed ||
    err instanceof errors.JWKSNoMatchingKey
  )
    return new LtiRefusal(401, 'LTI_SIGNATURE', "The launch's signature is not the platform's.");
  return new LtiRefusal(401, 'LTI_TOKEN', 'The launch token could not be verified.');
}

/**
 * The launch: the id_token's signature against its platform's keys, its issuer, audience and
 * expiry, then the state (this browser's, unused, recent) and its nonce, then the LTI claims.
 */
export async function verifyLaunch(
  deps: LaunchDeps,
  form: { id_token?: unknown; state?: unknown },
  stateCookie: string | undefined,
): Promise<VerifiedLaunch> {
  const token = text(form.id_token, 20_000);
  const state = text(form.state, 200);
  if (!token) throw new LtiRefusal(400, 'LTI_ID_TOKEN', 'The launch came without its id_token.');
  if (!state) throw new LtiRefusal(400, 'LTI_STATE', 'The launch came without its state.');
  if (!stateCookie || stateCookie !== state)
    throw new LtiRefusal(
      403,
      'LTI_STATE',
      'The launch did not begin in this browser (its state cookie is missing).',
    );
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new LtiRefusal(400, 'LTI_ID_TOKEN', 'The id_token is not a JWT.');
  }
  const platform = deps.platforms.find((p) => p.issuer === unverified.iss);
  if (!platform)
    throw new LtiRefusal(
      403,
      'LTI_PLATFORM',
      'This course platform is not registered with Candor.',
    );
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, keySetOf(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
      currentDate: deps.now(),
      clockTolerance: 60,
    }));
  } catch (err) {
    throw refusedToken(err);
  }
  // Several audiences: the authorised party must be us (OIDC core 3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== platform.clientId)
    throw new LtiRefusal(401, 'LTI_CLAIM', "The launch's authorised party (azp) is not this tool.");
  // The state is used once, and only within its time: a replayed launch finds it used.
  const [begun] = await deps.db
    .update(ltiLaunchStates)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(ltiLaunchStates.stateHash, hashOf(state)),
        isNull(ltiLaunchStates.usedAt),
        gt(ltiLaunchStates.createdAt, new Date(deps.now().getTime() - LAUNCH_STATE_TTL_MS)),
      ),
    )
    .returning();
  if (!begun)
    throw new LtiRefusal(403, 'LTI_REPLAYED', 'This launch was already used or has run out.');
  if (begun.nonce !== claims.nonce || begun.issuer !== platform.issuer)
    throw new LtiRefusal(403, 'LTI_NONCE', "The launch's nonce is not the one this login sent.");
  return launchOf(platform, claims);
}

function launchOf(platform: LtiPlatform, claims: JWTPayload): VerifiedLaunch {
  if (claims[CLAIM.messageType] !== RESOURCE_LINK_REQUEST)
    throw new LtiRefusal(400, 'LTI_MESSAGE_TYPE', 'Only resource link launches open Candor.');
  if (claims[CLAIM.version] !== LTI_VERSION)
    throw new LtiRefusal(400, 'LTI_VERSION', 'Only LTI 1.3.0 launches are understood.');
  const deploymentId = text(claims[CLAIM.deploymentId], 255);
  if (!deploymentId || !platform.deployments.includes(deploymentId))
    throw new LtiRefusal(403, 'LTI_DEPLOYMENT', 'This deployment of Candor is not registered.');
  const link = claims[CLAIM.resourceLink] as { id?: unknown } | undefined;
  const resourceLinkId = text(link?.id, 255);
  if (!resourceLinkId)
    throw new LtiRefusal(400, 'LTI_RESOURCE_LINK', 'The launch names no resource link.');
  const custom = (claims[CLAIM.custom] ?? {}) as Record<string, unknown>;
  let setId = text(custom.set_id, 100);
  const target = text(claims[CLAIM.targetLinkUri]);
  if (!setId && target) {
    try {
      setId = new URL(target).searchParams.get('set') ?? undefined;
    } catch {
      // A target that is not a URL names no set; refused below.
    }
  }
  const ags = claims[CLAIM.agsEndpoint] as { scope?: unknown; lineitem?: unknown } | undefined;
  const scored = Array.isArray(ags?.scope) && ags.scope.includes(AGS_SCORE_SCOPE);
  const lineItem = scored ? text(ags?.lineitem) : undefined;
  return {
    platform,
    sub: text(claims.sub, 255)!,
    email: text(claims.email, 254),
    givenName: text(claims.given_name, 100),
    familyName: text(claims.family_name, 100),
    name: text(claims.name, 200),
    deploymentId,
    resourceLinkId,
    setId,
    lineItem: lineItem && /^https?:\/\//.test(lineItem) ? lineItem : undefined,
  };
}

/** The link a person launched, kept for the score (its line item may change between launches). */
export async function rememberLink(
  db: Db,
  launch: VerifiedLaunch,
  userId: string,
  setId: string,
  at: Date,
) {
  await db
    .insert(ltiLinks)
    .values({
      userId,
      issuer: launch.platform.issuer,
      clientId: launch.platform.clientId,
      deploymentId: launch.deploymentId,
      resourceLinkId: launch.resourceLinkId,
      sub: launch.sub,
      interviewSetId: setId,
      lineItem: launch.lineItem ?? null,
      firstLaunchAt: at,
    })
    .onConflictDoUpdate({
      target: [ltiLinks.issuer, ltiLinks.deploymentId, ltiLinks.resourceLinkId, ltiLinks.userId],
      set: { lineItem: sql`excluded.line_item`, interviewSetId: sql`excluded.interview_set_id` },
    });
}

/** Launches begun a day ago or more, used or not: nothing reads them any more. */
export async function forgetOldLaunches(db: Db, now: Date): Promise<void> {
  await db
    .delete(ltiLaunchStates)
    .where(lt(ltiLaunchStates.createdAt, new Date(now.getTime() - 24 * 3_600_000)));
}
