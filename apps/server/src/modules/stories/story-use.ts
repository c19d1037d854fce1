import { z } from 'zod';
import {
  STAR_EVIDENCE_MAX,
  STAR_PARTS,
  type QuestionReport,
  type StarPart,
  type StoryUse,
} from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { builtinStoryUse, type StoryText } from './match';
import { listStories } from './service';

/**
 * The report's "which story did this answer use" (issue 30, decision 045): for each answered
 * behavioural question, the saved story it told (of those saved when the report was made) and
 * each STAR part quoted or missing. The builtin reader; or the model, when the model wrote the
 * report and the candidate has stories to match, held to quoting the answer's own words (the
 * builtin reader when it fails).
 */

export interface StoryUseDeps {
  db: Db;
  provider: AiProvider;
  log: { warn(obj: object, msg: string): void };
}

export const STORY_USE_PROMPT = [
  'You read behavioural interview answers for a practice tool.',
  "For each answer, say which of the candidate's saved stories it tells (by the story's id), or null",
  'when it tells none of them: the same events, not merely the same skill or topic.',
  'Then quote, word for word from the answer, the sentence that tells each STAR part: situation',
  '(the context), task (what was theirs to do), action (what they did, in the first person) and',
  'result (how it ended, ideally measured); null when the answer has no such sentence. Never',
  'paraphrase a quote and never quote the question or the stories.',
  'Return only JSON: {"answers": [{"index": number, "story": string | null, "situation": string | null,',
  '"task": string | null, "action": string | null, "result": string | null}]}.',
].join('\n');

const quote = z.string().max(4_000).nullable();
const judgedSchema = z.object({
  answers: z.array(
    z.object({
      index: z.number().int(),
      story: z.string().max(100).nullable(),
      situation: quote,
      task: quote,
      action: quote,
      result: quote,
    }),
  ),
});

const flat = (text: string) => text.toLowerCase().replace(/[“”"]/g, '').replace(/\s+/g, ' ').trim();

/** A quote kept only when the answer says it (no quote, no credit), trimmed to the cap. */
function kept(answer: string, q: string | null): string | null {
  const text = q
    ?.trim()
    .replace(/^["“]|["”]$/g, '')
    .trim();
  if (!text || !flat(answer).includes(flat(text))) return null;
  return text.slice(0, STAR_EVIDENCE_MAX);
}

const isStoryAnswer = (q: QuestionReport) => q.kind === 'behavioural' && q.answer.trim() !== '';

/** The model's verdicts, checked against the stories and the answers; null when it failed. */
async function judgedByModel(
  deps: StoryUseDeps,
  interviewId: string,
  questions: { index: number; q: QuestionReport }[],
  stories: StoryText[],
): Promise<Map<number, StoryUse> | null> {
  const about = [
    'Saved stories:',
    ...(stories.length
      ? stories.map((s) =>
          JSON.stringify({
            id: s.id,
            title: s.title,
            situation: s.situation,
            task: s.task,
            action: s.action,
            result: s.result,
          }),
        )
      : ['(none)']),
    'Answers:',
    ...questions.map(({ index, q }) =>
      JSON.stringify({ index, question: q.question, answer: q.answer }),
    ),
  ];
  try {
    const { answers } = await deps.provider.generateJson({
      messages: [
        { role: 'system', content: STORY_USE_PROMPT },
        { role: 'user', content: about.join('\n') },
      ],
      schema: judgedSchema,
      temperature: 0,
      interviewId,
    });
    const out = new Map<number, StoryUse>();
    for (const { index, q } of questions) {
      const judged = answers.find((a) => a.index === index);
      if (!judged) return null;
      const story = stories.find((s) => s.id === judged.story) ?? null;
      out.set(index, {
        story: story ? { id: story.id, title: story.title } : null,
        star: Object.fromEntries(
          STAR_PARTS.map((p: StarPart) => [p, kept(q.answer, judged[p])]),
        ) as StoryUse['star'],
        judgedBy: 'model',
      });
    }
    return out;
  } catch (err) {
    deps.log.warn(
      { err, interviewId },
      'the model did not judge the stories; the builtin reader did',
    );
    return null;
  }
}

/**
 * The report's questions with `storyUse` on each answered behavioural one. `byModel`: the model
 * wrote the report, so it judges these too.
 */
export async function withStoryUse(
  deps: StoryUseDeps,
  args: { userId: string; interviewId: string; questions: QuestionReport[]; byModel: boolean },
): Promise<QuestionReport[]> {
  const asked = args.questions
    .map((q, index) => ({ index, q }))
    .filter(({ q }) => isStoryAnswer(q));
  if (asked.length === 0) return args.questions;
  const stories = await listStories(deps.db, args.userId);
  // The model's call is spent on which story was told: without a saved story, the builtin reader
  // quotes the STAR parts alone (no call for every report with a behavioural answer).
  const model =
    args.byModel && deps.provider.name !== 'builtin' && stories.length > 0
      ? await judgedByModel(deps, args.interviewId, asked, stories)
      : null;
  return args.questions.map((q, index) =>
    isStoryAnswer(q)
      ? { ...q, storyUse: model?.get(index) ?? builtinStoryUse(q.answer, stories) }
      : q,
  );
}
