import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Answer } from '@/test/fake-server';
import { endViaRest, NOT_COMPLETE_CODE } from './end-via-rest';

const ATTEMPT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function serverAnswering(answer: Answer) {
  return fakeServer({
    routes: { [`PUT /api/interview/${ATTEMPT}`]: () => answer },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('ending through the REST API', () => {
  it('ends the attempt with the same rules as the live channel', async () => {
    const { requests } = serverAnswering({ body: { success: true } });
    await expect(endViaRest(ATTEMPT, true)).resolves.toBe('ended');
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { status: 'completed', early: true },
    });
  });

  it('asks for confirmation on the code NOT_COMPLETE, whatever the message says', async () => {
    serverAnswering({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: NOT_COMPLETE_CODE,
        message: 'There are questions left.',
      },
    });
    await expect(endViaRest(ATTEMPT, false)).resolves.toBe('not_complete');
  });

  it('any other refusal is a failure to end, even one worded like "not yet complete"', async () => {
    serverAnswering({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'INTERVIEW_ENDED',
        message: 'Interview is not yet complete',
      },
    });
    await expect(endViaRest(ATTEMPT, false)).resolves.toBe('failed');
    serverAnswering({ status: 503, body: { statusCode: 503, message: 'Database unavailable' } });
    await expect(endViaRest(ATTEMPT, false)).resolves.toBe('failed');
  });
});
