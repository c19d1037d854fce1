import { systemDesignSpecSchema } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { chain } from '../../test/boards';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, startLive, waitForReport } from '../../test/interviews';
import { requestAs, signUpCandidate } from '../../test/users';

const URL_SHORTENER = systemDesignWhiteboard.questions![0]!;
const SPEC = systemDesignSpecSchema.parse(URL_SHORTENER.systemDesign);

/**
 * A system-design round end to end (issue 29): the candidate draws on the board and talks, the
 * interviewer probes what the board and the words leave out, and the report scores the design
 * from them and shows the final board and the checklist.
 */
describe.each(databaseKinds())('a system-design round on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it('probes the requirements, then what the board is missing; the report shows the final board', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [
        {
          questionText: URL_SHORTENER.questionText,
          kind: 'system-design',
          systemDesign: SPEC,
          timeLimit: 900,
        },
      ],
    });
    const { id, live } = await startLive(ctx.app, candidate.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const draw = async (baseVersion: number, ...labels: string[]) => {
      const res = await requestAs(ctx.app, 'PUT', `/api/interview/${id}/whiteboard`, candidate, {
        questionIndex: 0,
        baseVersion,
        scene: chain(...labels),
      });
      expect(res.statusCode).toBe(200);
    };
    await draw(0, 'Browser', 'nginx', 'App server', 'Redis');

    const first = await live.answer(
      'So I have a browser, nginx, the app servers and a Redis cache.',
    );
    expect(first.reply.meta?.kind).toBe('follow-up');
    expect(first.reply.message).toMatch(/^Before we go further: what must this system do/);

    const second = await live.answer(
      'Users create a short link for a long URL, and the short link redirects to the long URL. At 100 million links a month that is about 40 writes a second.',
    );
    // Nothing on the board or in the words stores the links.
    expect(second.reply.message).toBe('Where is the data stored?');

    await draw(1, 'Browser', 'nginx', 'App server', 'Redis', 'Postgres');
    const third = await live.answer('Postgres behind the cache keeps every link, keyed by code.');
    expect(third.reply.message).not.toBe('Where is the data stored?');
    expect(third.reply.meta?.kind).toBe('follow-up');

    live.send({ type: 'end', early: true });
    await live.next('ended');
    const report = await waitForReport(ctx.app, candidate.cookie, id);
    const q = report.questionReports[0];
    expect(q.kind).toBe('system-design');
    expect(q.scored).toBe(true);
    // The probes and the answers, in order.
    expect(q.exchanges.map((e: { asked: string }) => e.asked)).toEqual([
      URL_SHORTENER.questionText,
      // A report labels a probe by its question, without the lead-in.
      'What must this system do, and for whom? Which requirements matter most to you here?',
      'Where is the data stored?',
      'Where would an ID generator fit into this design, if at all?',
    ]);
    const ticked = q.systemDesign.blocks
      .filter((b: { drawnAs: string | null }) => b.drawnAs !== null)
      .map((b: { name: string }) => b.name);
    expect(ticked).toEqual(['Client', 'Load balancer', 'App server', 'Cache', 'Database']);
    expect(q.systemDesign.diagram.boxes.map((b: { label: string }) => b.label)).toEqual([
      'Browser',
      'nginx',
      'App server',
      'Redis',
      'Postgres',
    ]);
    expect(q.systemDesign.flows[0].connected).toBe(true);
    expect(q.systemDesign.estimates).toEqual([
      'At 100 million links a month that is about 40 writes a second.',
    ]);
    live.close();
  });
});
