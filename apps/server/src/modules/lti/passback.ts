import crypto from 'node:crypto';
import { and, eq, gte, isNotNull, lte, max, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { LtiPlatform } from '../../config';
import type { Db } from '../../db/client';
import { interviews, ltiLinks, reports } from '../../db/schema';
import { AGS_SCORE_SCOPE, CLIENT_ASSERTION_TYPE, SCORE_MEDIA_TYPE, SCORE_SEND } from './claims';
import type { ToolKey } from './keys';

export interface PassbackDeps {
  db: Db;
  platforms: LtiPlatform[];
  toolKey: () => Promise<ToolKey>;
  now: () => Date;
  fetch?: typeof fetch;
  /** This app's AGS access tokens, by platform, until a minute before they run out. */
  tokens: Map<string, { token: string; until: number }>;
}

/**
 * A report settled: for each link the person launched this attempt's set from (before the attempt
 * began), the best score of their attempts since that launch; a score that changed is queued for
 * the gradebook once (the compare and the queueing are one statement, so two reports settling at
 * once queue it once).
 */
export async function queueBestScores(
  db: Db,
  settled: { interviewId: string; userId: string },
  now: Date,
): Promise<number> {
  const [attempt] = await db
    .select({ setId: interviews.interviewSetId, createdAt: interviews.createdAt })
    .from(interviews)
    .where(and(eq(interviews.id, settled.interviewId), eq(interviews.userId, settled.userId)));
  if (!attempt?.setId) return 0;
  const links = await db
    .select()
    .from(ltiLinks)
    .where(
      and(
        eq(ltiLinks.userId, settled.userId),
        eq(ltiLinks.interviewSetId, attempt.setId),
        isNotNull(ltiLinks.lineItem),
        lte(ltiLinks.firstLaunchAt, attempt.createdAt),
      ),
    );
  let queued = 0;
  for (const link of links) {
    const [best] = await db
      .select({ score: max(reports.overallScore) })
      .from(reports)
      .innerJoin(interviews, eq(interviews.id, reports.interviewId))
      .where(
        and(
          eq(interviews.userId, settled.userId),
          eq(interviews.interviewSetId, attempt.setId),
          gte(interviews.createdAt, link.firstLaunchAt),
          eq(reports.status, 'completed'),
          isNotNull(reports.overallScore),
        ),
      );
    if (best?.score == null) continue;
    const changed = await db
      .update(ltiLinks)
      .set({
        bestScore: best.score,
        sendStatus: 'pending',
        sendTries: 0,
        sendNextAt: now,
        sendQueuedAt: now,
        sendError: null,
      })
      .where(
        and(eq(ltiLinks.id, link.id), sql`${ltiLinks.bestScore} is distinct from ${best.score}`),
      )
      .returning({ id: ltiLinks.id });
    queued += changed.length;
  }
  return queued;
}

/** An AGS access token: client credentials, the client authenticated by a JWT we sign (RFC 7523). */
async function accessToken(deps: PassbackDeps, platform: LtiPlatform): Promise<string> {
  const cacheKey = `${platform.tokenUrl}\n${platform.clientId}`;
  const cached = deps.tokens.get(cacheKey);
  const nowMs = deps.now().getTime();
  if (cached && cached.until > nowMs) return cached.token;
  const key = await deps.toolKey();
  const iat = Math.floor(nowMs / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
  const res = await (deps.fetch ?? fetch)(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: AGS_SCORE_SCOPE,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('token endpoint sent no access_token');
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 300;
  // Kept until a minute before it runs out.
  deps.tokens.set(cacheKey, { token: body.access_token, until: nowMs + (lifetime - 60) * 1000 });
  return body.access_token;
}

/** The line item's score service: its URL with /scores appended to the path (AGS 2.0, 3.4). */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

async function sendOne(
  deps: PassbackDeps,
  link: typeof ltiLinks.$inferSelect,
  platform: LtiPlatform,
) {
  const token = await accessToken(deps, platform);
  const res = await (deps.fetch ?? fetch)(scoresUrl(link.lineItem!), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': SCORE_MEDIA_TYPE },
    body: JSON.stringify({
      userId: link.sub,
      scoreGiven: link.bestScore,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: deps.now().toISOString(),
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status === 401) deps.tokens.delete(`${platform.tokenUrl}\n${platform.clientId}`);
  if (!res.ok) throw new Error(`score service answered ${res.status}`);
}

/**
 * One run of the score loop: each due score is sent; a failure is tried again after a delay that
 * doubles (30 s up to 2 h), until 8 tries or a day after the score changed. A row moves only if
 * its score is still the one sent (a newer score queued meanwhile keeps its own job).
 */
export async function sendDueScores(deps: PassbackDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(ltiLinks)
    .where(and(eq(ltiLinks.sendStatus, 'pending'), lte(ltiLinks.sendNextAt, now)))
    .limit(SCORE_SEND.batch);
  let sent = 0;
  let failed = 0;
  for (const link of due) {
    const same = and(
      eq(ltiLinks.id, link.id),
      eq(ltiLinks.sendStatus, 'pending'),
      eq(ltiLinks.sendQueuedAt, link.sendQueuedAt!),
    );
    if (now.getTime() - link.sendQueuedAt!.getTime() > SCORE_SEND.lifetimeMs) {
      await deps.db.update(ltiLinks).set({ sendStatus: 'expired' }).where(same);
      failed += 1;
      continue;
    }
    const platform = deps.platforms.find(
      (p) => p.issuer === link.issuer && p.clientId === link.clientId,
    );
    try {
      if (!platform) throw new Error('the platform is no longer registered');
      await sendOne(deps, link, platform);
      await deps.db
        .update(ltiLinks)
        .set({ sendStatus: 'sent', sentAt: now, sendError: null, sendTries: link.sendTries + 1 })
        .where(same);
      sent += 1;
    } catch (err) {
      const tries = link.sendTries + 1;
      const delay = Math.min(SCORE_SEND.firstDelayMs * 2 ** (tries - 1), SCORE_SEND.maxDelayMs);
      await deps.db
        .update(ltiLinks)
        .set({
          sendTries: tries,
          sendStatus: tries >= SCORE_SEND.maxTries ? 'failed' : 'pending',
          sendNextAt: new Date(now.getTime() + delay),
          sendError: (err as Error).message.slice(0, 500),
        })
        .where(same);
      failed += 1;
    }
  }
  return { sent, failed };
}
