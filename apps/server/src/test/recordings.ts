import crypto from 'node:crypto';
import type { App } from '../app';
import { createAttempt, insertSet, saveAttempt } from './interviews';
import { ORIGIN, type SignedIn } from './users';
import type { Db } from '../db/client';

/** Sample bodies that start as their format does (what the magic-byte check looks at). */
export function webmBody(bytes = 4096): Buffer {
  const body = crypto.randomBytes(bytes);
  body.writeUInt32BE(0x1a45dfa3, 0);
  return body;
}

/** A PCM WAV file: 16-bit mono at `rate`, `ms` long, of a quiet tone. */
export function wavBody(ms: number, rate = 8000): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * An attempt of `who` with stored candidate answers (saved through the REST save, as a page
 * without the live channel does), answered by the interviewer in between.
 */
export async function attemptWithAnswers(
  app: App,
  db: Db,
  who: SignedIn,
  answers: string[],
): Promise<{ id: string; answerIds: string[] }> {
  const setId = await insertSet(db, {
    type: 'fixed',
    questions: answers.map((_, i) => ({ questionText: `Question ${i + 1}?` })),
  });
  const { id } = await createAttempt(app, who.cookie, {
    title: 'Recorded',
    type: 'fixed',
    interviewSetId: setId,
  });
  const answerIds: string[] = [];
  for (const text of answers) {
    const answerId = crypto.randomUUID();
    const res = await saveAttempt(app, who.cookie, id, {
      status: 'in_progress',
      conversation: [{ id: answerId, speaker: 'User', message: text, meta: { mode: 'voice' } }],
    });
    if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
    answerIds.push(answerId);
  }
  return { id, answerIds };
}

export function uploadRecording(
  app: App,
  who: SignedIn | null,
  interviewId: string,
  answerId: string,
  body: Buffer | string,
  options: { contentType?: string; durationMs?: number | string } = {},
) {
  const duration = options.durationMs === undefined ? 4000 : options.durationMs;
  return app.inject({
    method: 'PUT',
    url: `/api/interview/${interviewId}/answers/${answerId}/recording?durationMs=${duration}`,
    headers: {
      origin: ORIGIN,
      'content-type': options.contentType ?? 'audio/webm;codecs=opus',
      ...(who ? { cookie: who.cookie } : {}),
    },
    payload: body,
  });
}

export function playRecording(
  app: App,
  who: SignedIn | null,
  interviewId: string,
  answerId: string,
  range?: string,
) {
  return app.inject({
    method: 'GET',
    url: `/api/interview/${interviewId}/answers/${answerId}/recording`,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(range ? { range } : {}) },
  });
}
