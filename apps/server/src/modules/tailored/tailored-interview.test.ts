import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CANNOT_ANSWER } from '../../ai/builtin/candidate-questions';
import { FAREWELL, FOLLOW_UP, WRAP_UP } from '../../ai/builtin/interviewer';
import { interviews } from '../../db/schema';
import { ZOE_RESUME, pdfOf } from '../documents/fixtures/documents';
import { TAILORED_ADVERT as ADVERT } from './fixtures/job-descriptions';
import { testClock } from '../../test/clock';
import { useTestApp, databaseKinds } from '../../test/harness';
import { finishAnswerCheck, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * A tailored interview through the API and the live channel (issue 15), builtin interviewer:
 * created from the candidate's own job description and résumé with the skills they confirmed,
 * refused for someone else's documents or a bad body with nothing written, then held: a warm-up,
 * a skill question with a follow-up on a thin answer, a résumé question, the candidate's own
 * questions answered from the advert, and a report with "fit for this job".
 */

const EXAMPLE_ANSWER =
  'Okay, so in my last job I built a payment reconciliation service in Go. For example, we used goroutines with a worker pool and bounded channels so that a slow bank API never blocked the rest, and we passed a context with a deadline to every call so cancellations propagated. We measured it with pprof and cut p99 latency from 800 to 120 milliseconds, and I learned to keep goroutine lifetimes explicit.';

describe.each(databaseKinds())('tailored interviews on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { now: clock.now, listen: true });

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: who.cookie, origin: ORIGIN }, payload });

  async function documents(who: SignedIn) {
    const job = await call(who, 'POST', '/api/tailored/job-descriptions', {
      jobDescription: ADVERT,
    });
    expect(job.statusCode, job.body).toBe(201);
    const resume = await ctx.app.inject({
      method: 'POST',
      url: `/api/tailored/resumes?name=${encodeURIComponent('Zoë CV.pdf')}`,
      headers: { cookie: who.cookie, origin: ORIGIN, 'content-type': 'application/pdf' },
      payload: pdfOf([ZOE_RESUME]),
    });
    expect(resume.statusCode, resume.body).toBe(201);
    return { job: job.json(), resume: resume.json() };
  }

  const attemptsOf = (userId: string) =>
    ctx.database.db.select().from(interviews).where(eq(interviews.userId, userId));

  it('creates the attempt from the confirmed skills, and refuses others’ documents and bad bodies', async () => {
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const { job, resume } = await documents(zoe);
    expect(job.requirements).toMatchObject({
      role: 'Senior Backend Engineer',
      level: 'senior',
      required: ['Go', 'PostgreSQL', 'Kubernetes'],
      niceToHave: ['Kafka'],
    });
    const body = {
      jobDescriptionId: job.id,
      resumeId: resume.id,
      // The candidate removed Kafka and added Redis themselves.
      requirements: {
        ...job.requirements,
        required: ['Go', 'PostgreSQL', 'Kubernetes', 'Redis'],
        niceToHave: [],
      },
      duration: 20,
      difficulty: 'senior',
      followUpDepth: 2,
      interviewerStyle: 'neutral',
    };
    const bad = [
      [{ ...body, requirements: { ...body.requirements, required: [] } }, 'requirements.required'],
      [{ ...body, duration: 500 }, 'duration'],
      [{ ...body, followUpDepth: 3 }, 'followUpDepth'],
      [{ ...body, difficulty: 'wizard' }, 'difficulty'],
      [{ ...body, jobDescriptionId: 'nope' }, 'jobDescriptionId'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await call(zoe, 'POST', '/api/tailored/interviews', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty(field);
    }
    const other = await signUpCandidate(ctx.app);
    const theirs = await documents(other);
    const notMine = await call(zoe, 'POST', '/api/tailored/interviews', {
      ...body,
      jobDescriptionId: theirs.job.id,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().fields).toHaveProperty('jobDescriptionId');
    const notMyResume = await call(zoe, 'POST', '/api/tailored/interviews', {
      ...body,
      resumeId: theirs.resume.id,
    });
    expect(notMyResume.statusCode).toBe(404);
    // A résumé's id is not a job description.
    const wrongKind = await call(zoe, 'POST', '/api/tailored/interviews', {
      ...body,
      jobDescriptionId: resume.id,
    });
    expect(wrongKind.statusCode).toBe(404);
    expect(await attemptsOf(zoe.userId)).toHaveLength(0);

    const created = await call(zoe, 'POST', '/api/tailored/interviews', body);
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await call(zoe, 'GET', `/api/interview/${created.json().id}`)).json();
    expect(detail).toMatchObject({
      type: 'tailored',
      flow: 'topic-based',
      title: 'Practise for Senior Backend Engineer',
      difficulty: 'senior',
      duration: 20,
      followUpDepth: 2,
      interviewerStyle: 'neutral',
      tailored: {
        role: 'Senior Backend Engineer',
        required: ['Go', 'PostgreSQL', 'Kubernetes', 'Redis'],
      },
    });
    const [row] = await attemptsOf(zoe.userId);
    const plan = row!.tailored!.plan!;
    expect(plan.map((p) => p.topic)).toContain('Go');
    expect(plan.filter((p) => p.source === 'resume')).toHaveLength(2);
    expect(row!.tailored!.jobSentences).toContain(
      'Every change is reviewed by a teammate and we deploy to production several times a day.',
    );
    // The style is the pre-start screen's to change until the attempt starts.
    const styled = await call(zoe, 'PUT', `/api/interview/${row!.id}`, {
      interviewerStyle: 'demanding',
    });
    expect(styled.json().interviewerStyle).toBe('demanding');
    const wrong = await call(zoe, 'PUT', `/api/interview/${row!.id}`, { interviewerStyle: 'rude' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('interviewerStyle');
  });

  it('runs by voice: a follow-up on a thin answer, the résumé, the candidate’s questions, fit for this job', async () => {
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const { job, resume } = await documents(zoe);
    const created = await call(zoe, 'POST', '/api/tailored/interviews', {
      jobDescriptionId: job.id,
      resumeId: resume.id,
      requirements: job.requirements,
      duration: 10,
      difficulty: 'senior',
      followUpDepth: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const [row] = await attemptsOf(zoe.userId);
    const plan = row!.tailored!.plan!;
    // Every confirmed skill, the résumé second (issue 27: the plan is not why it closes early).
    expect(plan.map((p) => p.source)).toEqual(['bank', 'resume', 'bank', 'bank', 'bank']);
    expect(plan.filter((p) => p.source === 'bank').map((p) => p.skills)).toEqual([
      ['Go'],
      ['PostgreSQL'],
      ['Kubernetes'],
      ['Kafka'],
    ]);

    const live = await LiveClient.connect(ctx.app, id, zoe.cookie);
    live.start();
    await live.next('state');
    const intro = await live.next('reply.end');
    expect(intro.message.message).toMatch(/for the Senior Backend Engineer role/);
    const voice = { mode: 'voice', confidence: 0.93 };
    const warm = await live.answer(
      'Okay, so I am a backend engineer in Dublin, seven years in payments, mostly Go and PostgreSQL, and lately a lot of Kubernetes work.',
      voice,
    );
    expect(warm.reply.message).toContain(plan[0]!.text);
    const thin = await live.answer('Um, goroutines are cheap threads.', voice);
    expect(thin.reply.message).toContain(FOLLOW_UP);
    expect(thin.reply.meta?.kind).toBe('follow-up');
    const example = await live.answer(EXAMPLE_ANSWER, voice);
    expect(example.reply.message).toContain(plan[1]!.text);
    // The story runs into the wrap-up minutes: only then does the interviewer wrap up.
    clock.advance(8.5 * 60_000);
    const story = await live.answer(
      'So at the payments platform I led the move from a monolith to services on Kubernetes. My part was the deployment pipeline and the migration plan, and deploy time went from forty minutes to six. I would start with better observability next time, because we flew blind for the first month.',
      voice,
    );
    expect(story.reply.message).toContain(WRAP_UP);
    expect(story.reply.meta?.kind).toBe('invite-questions');
    const team = await live.answer('Okay so how big is the team I would be joining', voice);
    expect(team.reply.meta?.kind).toBe('answer-to-candidate');
    expect(team.reply.message).toContain('a team of six engineers');
    const founders = await live.answer('And who founded the company', voice);
    expect(founders.reply.message).toContain(CANNOT_ANSWER);
    const done = await live.answer("No, that's all from me, thank you", voice);
    expect(done.reply.message).toBe(FAREWELL);
    // The goodbye finishes the interview (issue 27): End ends it, with no "not yet complete".
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    live.send({ type: 'end' });
    await live.next('ended');
    live.close();
    await finishAnswerCheck(ctx.app, zoe.cookie, id);

    const report = await waitForReport(ctx.app, zoe.cookie, id);
    expect(report.status).toBe('completed');
    expect(report.endedEarly).toBe(false);
    // The question and its follow-up are one exchange: the thin answer and the example together.
    const go = report.questionReports.find((q: { question: string }) =>
      q.question.includes(plan[0]!.text),
    );
    expect(go.answer).toContain('goroutines are cheap threads');
    expect(go.answer).toContain('worker pool');
    expect(go.exchanges.map((e: { followUp: boolean }) => e.followUp)).toEqual([false, true]);
    expect(go.exchanges[0].answer).toBe('Um, goroutines are cheap threads.');
    expect(go.exchanges[1].asked).toContain(FOLLOW_UP);
    expect(go.exchanges[1].answer).toBe(EXAMPLE_ANSWER);
    const resumeQuestion = report.questionReports.find((q: { question: string }) =>
      q.question.includes(plan[1]!.text),
    );
    expect(resumeQuestion.kind).toBe('behavioural');
    expect(report.jobFit.role).toBe('Senior Backend Engineer');
    const fit = Object.fromEntries(
      report.jobFit.skills.map((s: { skill: string }) => [s.skill, s]),
    );
    expect(fit.Go).toMatchObject({ covered: true });
    expect(fit.Go.score).toBeGreaterThan(0);
    expect(fit.Go.evidence.join(' ')).toContain('Go');
    expect(fit.Kubernetes.covered).toBe(true);
    expect(report.jobFit.practiseNext).toEqual(
      report.jobFit.skills
        .filter(
          (s: { covered: boolean; score: number | null }) =>
            !s.covered || (s.score !== null && s.score < 50),
        )
        .map((s: { skill: string }) => s.skill),
    );
    expect(
      report.candidateQuestions.questions.map((q: { question: string }) => q.question),
    ).toEqual(['Okay so how big is the team I would be joining', 'And who founded the company']);
    expect(report.candidateQuestions.questions[0].quality).toBe('strong');
    expect(report.candidateQuestions.questions[0].answer).toContain('a team of six engineers');
    // The candidate's questions are not answers to score.
    for (const q of report.questionReports) expect(q.answer).not.toContain('who founded');
  });
});
