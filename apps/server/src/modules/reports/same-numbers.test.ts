import { RESULTS_CSV_COLUMNS, interviewMinutes, type HistoryItem } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { fixedTimeUp } from '../../engine/messages';
import { testClock } from '../../test/clock';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, startLive, waitForReport } from '../../test/interviews';
import { requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/*
 * Issue 28, "one source for every number": the report, History, the progress figures, the coach's
 * view and the results CSV say the same duration, answers, words and scores for one attempt. The
 * interview clock is moved by the test, never slept on.
 */

const MINUTE = 60_000;
const ANSWERS = [
  'A closure is a function that keeps access to the variables of the scope it was created in, even after that scope has returned. For example, a counter factory returns an inner function that increments a private count, because the inner function captures the lexical environment.',
  'Hoisting moves declarations to the top of their scope before the code runs. Var declarations are hoisted and initialised to undefined, while let and const are hoisted but stay in the temporal dead zone until their line runs, so reading them early throws a reference error.',
];

/** RFC 4180 as results.csv writes it (quoted cells, doubled quotes; no line breaks in these). */
function csvLines(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted && c === '"' && line[i + 1] === '"') cell += line[++i];
        else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      return [...cells, cell];
    });
}

describe.each(databaseKinds())('one attempt, the same numbers everywhere, on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });

  async function figures(who: SignedIn, admin: SignedIn, id: string) {
    const report = (await requestAs(ctx.app, 'GET', `/api/report/interview/${id}`, who)).json();
    const history = (await requestAs(ctx.app, 'GET', '/api/interview', who)).json();
    const row = history.interviews.find((i: HistoryItem) => i.id === id) as HistoryItem;
    const stats = (await requestAs(ctx.app, 'GET', '/api/user/stats', who)).json();
    const point = stats.trend.find((p: { interviewId: string }) => p.interviewId === id);
    const coach = (
      await requestAs(ctx.app, 'GET', `/api/admin/candidates/${who.userId}/attempts`, admin)
    ).json();
    const coachRow = coach.interviews.find((i: HistoryItem) => i.id === id) as HistoryItem;
    const csv = csvLines((await requestAs(ctx.app, 'GET', '/api/admin/results.csv', admin)).body);
    const header = csv[0]!;
    const line = csv.find((cells) => cells[1] === who.email)!;
    const cell = (name: string) => line[header.indexOf(name)];
    return { report, row, point, coachRow, cell, header };
  }

  it('a 5-minute set that ran past its time is 5 minutes long in every view', async () => {
    const who = await signUpCandidate(ctx.app, { firstName: 'Five' });
    const admin = await signInAdmin(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      duration: 5,
      questions: [
        { questionText: 'What is a closure?' },
        { questionText: 'What is hoisting?' },
        { questionText: 'What is the event loop?' },
      ],
    });
    const { id, live } = await startLive(ctx.app, who.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    clock.advance(2 * MINUTE);
    await live.answer(ANSWERS[0]!);
    // Past the five minutes, answering: the interviewer says time is up.
    clock.advance(3.5 * MINUTE);
    expect((await live.answer(ANSWERS[1]!)).reply.message).toBe(fixedTimeUp(5));
    // The candidate reads "click End Interview" for a while: not interview time.
    clock.advance(1.2 * MINUTE);
    live.send({ type: 'end' });
    await live.next('ended');
    live.close();
    await waitForReport(ctx.app, who.cookie, id);

    const { report, row, point, coachRow, cell, header } = await figures(who, admin, id);
    expect(header).toEqual([...RESULTS_CSV_COLUMNS]);
    expect(report.overview.interviewDuration).toBe(5);
    expect(interviewMinutes(row.elapsedMs)).toBe(5);
    expect(interviewMinutes(coachRow.elapsedMs)).toBe(5);
    expect(cell('Duration (min)')).toBe('5');

    // Answers and words: the speech card's, in the CSV.
    expect(report.speech.answers).toBe(2);
    expect(cell('Answers')).toBe(String(report.speech.answers));
    expect(cell('Words')).toBe(String(report.speech.totalWords));
    // Scores: the report's, in History, the progress trend, the coach's list and the CSV.
    expect(row.report?.overallScore).toBe(report.overallScore);
    expect(coachRow.report?.overallScore).toBe(report.overallScore);
    expect(point).toMatchObject({
      overall: report.overallScore,
      communication: report.communicationScore,
      problemSolving: report.problemSolvingScore,
      confidence: report.confidenceScore,
    });
    expect(cell('Overall')).toBe(String(report.overallScore));
    expect(cell('Communication')).toBe(String(report.communicationScore));
    expect(cell('Problem Solving')).toBe(String(report.problemSolvingScore));
    expect(cell('Confidence')).toBe(String(report.confidenceScore));
  });

  it('a set finished by its last question lasts until then, not until End', async () => {
    const who = await signUpCandidate(ctx.app, { firstName: 'Done' });
    const admin = await signInAdmin(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      duration: 30,
      questions: [{ questionText: 'What is a closure?' }],
    });
    const { id, live } = await startLive(ctx.app, who.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    clock.advance(2 * MINUTE);
    await live.answer(ANSWERS[0]!);
    // "The interview is complete. Click End Interview": three minutes later, End.
    clock.advance(3 * MINUTE);
    live.send({ type: 'end' });
    await live.next('ended');
    live.close();
    await waitForReport(ctx.app, who.cookie, id);

    const { report, row, cell } = await figures(who, admin, id);
    // Two minutes (and the moments the requests took), not five.
    expect(report.overview.interviewDuration).toBeGreaterThanOrEqual(2);
    expect(report.overview.interviewDuration).toBeLessThan(2.5);
    expect(interviewMinutes(row.elapsedMs)).toBe(report.overview.interviewDuration);
    expect(cell('Duration (min)')).toBe(String(report.overview.interviewDuration));
  });
});
