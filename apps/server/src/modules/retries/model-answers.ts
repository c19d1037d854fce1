import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ModelAnswer, QuestionReport } from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { modelAnswers } from '../../db/schema';
import { conflict } from '../../platform/errors';
import { loadOwned, type InterviewRow } from '../interviews';
import { reportContentOf } from './service';

/**
 * Model answers (issue 30): after the candidate's own answer, an example of a strong one. Built
 * from the question's expected answer and key points when it has them (no model needed); written
 * by the configured model for a topic-based or tailored question, grounded in the job and résumé
 * it was asked for, and kept so it is written once. Never given for a question the candidate did
 * not answer, and never before the report exists.
 */

export interface ModelAnswerDeps {
  db: Db;
  provider: AiProvider;
  log: { warn(obj: object, msg: string): void };
}

const MODEL_ANSWER_MAX = 2_000;
const writtenSchema = z.object({ answer: z.string().trim().min(1).max(MODEL_ANSWER_MAX) });

export const MODEL_ANSWER_PROMPT = [
  'You write model answers for a technical interview practice tool.',
  'Write one strong, spoken answer to the question, as a candidate would say it in an interview:',
  'first person, plain sentences, no markdown, at most 180 words. A behavioural answer follows',
  'situation, task, action, result with a concrete, believable example; a technical answer is',
  'accurate, gives a short example and names a trade-off. Use the job and résumé when given.',
  'Return only a JSON object: {"answer": "..."}.',
].join('\n');

const answered = (q: QuestionReport) => q.answer.trim() !== '';

/** `GET /api/interview/:id/model-answers`: one per answered question that has one. */
export async function modelAnswersOf(
  deps: ModelAnswerDeps,
  userId: string,
  interviewId: string,
): Promise<ModelAnswer[]> {
  const row = await loadOwned(deps.db, userId, interviewId);
  const content = await reportContentOf(deps.db, interviewId);
  if (!content) throw conflict('Model answers come with the completed report');
  const stored = new Map(
    (
      await deps.db
        .select({ index: modelAnswers.questionIndex, text: modelAnswers.text })
        .from(modelAnswers)
        .where(eq(modelAnswers.interviewId, interviewId))
    ).map((r) => [r.index, r.text]),
  );
  const out: ModelAnswer[] = [];
  for (const [index, q] of content.questionReports.entries()) {
    if (!answered(q)) continue;
    const keyPoints = q.keyPoints.map((k) => k.point);
    const expected = q.expectedAnswer?.trim();
    if (expected) {
      out.push({
        questionIndex: index,
        text: expected,
        keyPoints,
        source: 'expected-answer',
        example: true,
      });
      continue;
    }
    const text = stored.get(index) ?? (await written(deps, row, index, q));
    if (text) out.push({ questionIndex: index, text, keyPoints, source: 'model', example: true });
  }
  return out;
}

/** The model's answer to a question without an expected one, stored once; null without a model. */
async function written(
  deps: ModelAnswerDeps,
  row: InterviewRow,
  index: number,
  q: QuestionReport,
): Promise<string | null> {
  if (deps.provider.name === 'builtin') return null;
  const about = [
    `Question (${q.kind ?? 'technical'}): ${q.question}`,
    `Interview: ${row.title}, ${row.difficulty} level, ${row.categoryName}.`,
    row.tailored
      ? `The job: ${row.tailored.requirements.role}; skills: ${row.tailored.requirements.required.join(', ')}.`
      : '',
    row.tailored?.jobSentences?.length
      ? `About the job: ${row.tailored.jobSentences.join(' ')}`
      : '',
    row.tailored?.resumeProjects.length
      ? `The candidate's projects: ${row.tailored.resumeProjects.join('; ')}`
      : '',
  ].filter(Boolean);
  try {
    const { answer } = await deps.provider.generateJson({
      messages: [
        { role: 'system', content: MODEL_ANSWER_PROMPT },
        { role: 'user', content: about.join('\n') },
      ],
      schema: writtenSchema,
      temperature: 0.3,
      interviewId: row.id,
    });
    await deps.db
      .insert(modelAnswers)
      .values({
        interviewId: row.id,
        questionIndex: index,
        text: answer,
        model: deps.provider.model,
      })
      .onConflictDoNothing();
    const [kept] = await deps.db
      .select({ text: modelAnswers.text })
      .from(modelAnswers)
      .where(and(eq(modelAnswers.interviewId, row.id), eq(modelAnswers.questionIndex, index)));
    return kept?.text ?? answer;
  } catch (err) {
    // No example is better than a wrong one: the report reads the same without it.
    deps.log.warn(
      { err, interviewId: row.id, questionIndex: index },
      'the model wrote no model answer',
    );
    return null;
  }
}
