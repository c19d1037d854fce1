import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicUrl } from '../../config';
import { interviewSets } from '../../db/schema';
import { candidateOf, signInCandidate } from './accounts';
import { LTI_PATHS, LAUNCH_STATE_TTL_MS, stateCookieName } from './claims';
import type { ToolKey } from './keys';
import { beginLaunch, rememberLink, verifyLaunch, type LaunchDeps } from './launch';
import { LtiRefusal, refusalPage } from './refusal';

/**
 * Where a verified launch lands: by default the set's pre-start screen; app.ts sends it to the
 * set's assignment when the candidate has one (decision 047).
 */
export type LaunchTarget = (launch: { setId: string; userId: string }) => Promise<string>;

export interface LtiRouteOptions {
  toolKey: () => Promise<ToolKey>;
  launchTarget?: LaunchTarget;
}

const param = z.string().max(2000).optional();
/** Login initiation's parameters, as a query (GET) or a form (POST); each checked again in launch.ts. */
const loginSchema = z.object({
  iss: param,
  login_hint: param,
  target_link_uri: param,
  lti_message_hint: param,
  client_id: param,
  lti_deployment_id: param,
});
/** The platform's form post: the id_token and state, or its error (OIDC core 3.2.2.6). */
const launchSchema = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

const isUuid = (v: string | undefined): v is string => z.uuid().safeParse(v).success;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** A page for a browser (it arrived by the platform's redirect or form post); JSON otherwise. */
function refuse(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof LtiRefusal)) throw err;
  reply.code(err.statusCode).header('x-lti-refusal', err.code);
  if (!(request.headers.accept ?? '').includes('text/html'))
    return reply.send({ code: err.code, message: err.message });
  return reply.type('text/html; charset=utf-8').send(refusalPage(err));
}

/**
 * The tool's LTI 1.3 endpoints (decision 047), outside /api: the platform's form posts come from
 * its own origin, which the same-origin check of /api would refuse; what protects them is the
 * platform's signature, the state bound to this browser and the nonce used once.
 */
export async function ltiRoutes(app: FastifyInstance, options: LtiRouteOptions) {
  const { db, config, auth, now } = app.deps;
  const origin = new URL(publicUrl(config)).origin;
  const deps: LaunchDeps = { db, platforms: config.LTI_PLATFORMS, origin, now };
  // The platform posts forms (response_mode=form_post, and login initiation may be a POST).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = {
      ...(request.query as object),
      ...((request.body as object | undefined) ?? {}),
    };
    try {
      const begun = await beginLaunch(deps, params);
      // SameSite=None: the platform's form post back to the launch is cross-site.
      const cookie = [
        `${stateCookieName(begun.state)}=${begun.state}`,
        `Path=${LTI_PATHS.launch}`,
        `Max-Age=${LAUNCH_STATE_TTL_MS / 1000}`,
        'HttpOnly',
        'SameSite=None',
        // Browsers keep a SameSite=None cookie only when Secure (http://localhost counts as secure).
        'Secure',
      ].join('; ');
      return reply.header('set-cookie', cookie).redirect(begun.redirect, 302);
    } catch (err) {
      return refuse(request, reply, err);
    }
  };
  app.get(LTI_PATHS.login, { schema: { querystring: loginSchema } }, login);
  app.post(LTI_PATHS.login, { schema: { body: loginSchema.optional() } }, login);

  app.post(LTI_PATHS.launch, { schema: { body: launchSchema } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    try {
      if (typeof form.error === 'string')
        throw new LtiRefusal(
          400,
          'LTI_PLATFORM_ERROR',
          `The course platform refused the login: ${String(form.error_description ?? form.error).slice(0, 300)}`,
        );
      const state = typeof form.state === 'string' ? form.state : '';
      const launch = await verifyLaunch(deps, form, cookieOf(request, stateCookieName(state)));
      if (!isUuid(launch.setId))
        throw new LtiRefusal(404, 'LTI_SET', 'This link names no interview set of Candor.');
      const [set] = await db
        .select({ id: interviewSets.id })
        .from(interviewSets)
        .where(and(eq(interviewSets.id, launch.setId), eq(interviewSets.isActive, true)));
      if (!set) throw new LtiRefusal(404, 'LTI_SET', 'The interview set of this link is gone.');
      const userId = await candidateOf(db, auth.candidate, launch);
      await rememberLink(db, launch, userId, set.id, now());
      const target = options.launchTarget
        ? await options.launchTarget({ setId: set.id, userId })
        : `/interview/${set.id}`;
      const session = await signInCandidate(auth.candidate, userId);
      const spent = `${stateCookieName(state)}=; Path=${LTI_PATHS.launch}; Max-Age=0; HttpOnly; SameSite=None; Secure`;
      return reply.header('set-cookie', [session, spent]).redirect(target, 303);
    } catch (err) {
      return refuse(request, reply, err);
    }
  });

  app.get(LTI_PATHS.jwks, async (_request, reply) => {
    const key = await options.toolKey();
    return reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] });
  });
}
