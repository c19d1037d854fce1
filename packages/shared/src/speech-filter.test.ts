import { describe, expect, it } from 'vitest';
import {
  filterCandidateSpeech,
  isInterviewerEcho,
  isNoise,
  similarity,
  type InterviewerVoice,
} from './speech-filter';
import { VOICE } from './voice-config';

/** A real STAR answer: long answers repeat their words, so the unique-word ratio is low. */
const STAR_ANSWER =
  'In my last role I was the backend lead on a team of five, and the situation was that our checkout service was timing out for about one in twenty customers during the evening peak. My task was to find the cause and fix it before the holiday sale. First I added tracing to the checkout service so we could see where the time went, and the traces showed that most of the time went to the database, because every checkout read the same product rows again and again. So I put a cache in front of the database for the product rows, and I made the cache expire after five minutes so the prices stayed correct. Then I load tested the checkout service with the traffic of the evening peak, and I found one more slow query, so I added an index for it. The result was that the time outs went from one in twenty to fewer than one in a thousand, and the holiday sale ran without an incident on the checkout service.';

const uniqueWordRatio = (t: string) => {
  const w = t
    .toLowerCase()
    .replace(/[^a-z0-9\s']/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return { words: w.length, ratio: new Set(w).size / w.length };
};

const ACCEPT = { accept: true };
const ECHO = { accept: false, reason: 'echo' };
const EMPTY = { accept: false, reason: 'empty' };

describe('the candidate speech filter: answers are never rejected for their words', () => {
  it('accepts a 176-word STAR answer whose unique-word ratio is far below 0.6', () => {
    expect(uniqueWordRatio(STAR_ANSWER).words).toBe(176);
    expect(uniqueWordRatio(STAR_ANSWER).ratio).toBeLessThan(0.55);
    expect(filterCandidateSpeech(STAR_ANSWER)).toEqual(ACCEPT);
  });

  it.each([
    'Okay, so the first thing I would do is measure where the time goes.',
    'Alright, I think a queue fits here because the work can wait.',
    "Let's say the service gets ten thousand requests a second.",
    'Great question, I used Redis for that in my last job.',
    'Perfect, so a closure is a function that keeps its outer scope.',
    'Interesting, I would start with the requirements.',
    'Thank you for asking, I led the migration to Postgres.',
    'I asked my manager how would you handle the rollback, and we wrote a plan together.',
    'My lead asked me what would you do if the cache goes down, so I added a fallback.',
    'Can you explain what you mean by the event loop?',
    'Tell me about the constraints first, then I can pick a database.',
    'yes yes yes yes yes no',
  ])('accepts "%s"', (answer) => {
    expect(filterCandidateSpeech(answer)).toEqual(ACCEPT);
  });

  it('accepts the same openings right after the interviewer finished, when they do not repeat it', () => {
    const now = 1_000_000;
    const interviewer: InterviewerVoice = {
      text: 'Great. Now, how would you design a rate limiter?',
      from: now - 4000,
      until: now - 200,
    };
    for (const answer of [
      'Okay, so I would use a token bucket per client.',
      'Alright, a sliding window in Redis works well.',
      "Let's start with what we are protecting.",
    ])
      expect(filterCandidateSpeech(answer, { heardAt: now, interviewer })).toEqual(ACCEPT);
  });
});

describe('noise', () => {
  it.each(['', '   ', '...', ' ?! ', 'um', 'Uh, hmm.', 'mm mhm'])('"%s" is noise', (t) => {
    expect(isNoise(t)).toBe(true);
    expect(filterCandidateSpeech(t)).toEqual(EMPTY);
  });
  it.each(['no', 'Yes.', 'um, Redis', 'Zoë', '42'])('"%s" is not noise', (t) => {
    expect(isNoise(t)).toBe(false);
    expect(filterCandidateSpeech(t)).toEqual(ACCEPT);
  });
});

describe('echo: the interviewer read back by the microphone, proven by timing and words', () => {
  const REPLY =
    "Thank you for that answer. Let's move on to the next question: How would you find a memory leak in a Node.js service?";
  const start = 2_000_000;
  const playing: InterviewerVoice = { text: REPLY, from: start, until: null };
  const ended: InterviewerVoice = { text: REPLY, from: start, until: start + 6000 };

  it('holds back the reply read back while the interviewer is audible', () => {
    expect(filterCandidateSpeech(REPLY, { heardAt: start + 100, interviewer: playing })).toEqual(
      ECHO,
    );
    expect(
      filterCandidateSpeech('how would you find a memory leak in a node js service', {
        heardAt: start + 4000,
        interviewer: playing,
      }),
    ).toEqual(ECHO);
  });

  it('holds back an echo tail that starts within the short window after the audio ended', () => {
    const tail = 'memory leak in a node js service';
    expect(
      filterCandidateSpeech(tail, {
        heardAt: start + 6000 + VOICE.echoWindowMs,
        interviewer: ended,
      }),
    ).toEqual(ECHO);
    // Later, the same words are the candidate's: repeating the question is allowed.
    expect(
      filterCandidateSpeech(tail, {
        heardAt: start + 6000 + VOICE.echoWindowMs + 1,
        interviewer: ended,
      }),
    ).toEqual(ACCEPT);
    // Before the interviewer spoke, nothing is an echo of it.
    expect(filterCandidateSpeech(tail, { heardAt: start - 1, interviewer: ended })).toEqual(ACCEPT);
  });

  it('accepts the candidate talking over or right after the interviewer in their own words', () => {
    for (const heardAt of [start + 3000, start + 6100]) {
      expect(
        filterCandidateSpeech('I would take a heap snapshot and compare two of them', {
          heardAt,
          interviewer: heardAt < start + 6000 ? playing : ended,
        }),
      ).toEqual(ACCEPT);
    }
  });

  it('never holds back a typed answer (no timing), even one that quotes the question', () => {
    expect(filterCandidateSpeech(REPLY)).toEqual(ACCEPT);
  });
});

describe('the similarity measure (70% shared words, 30% edit distance)', () => {
  it('is 1 for the same text and weighs word overlap above order', () => {
    const ai = 'What is a closure in JavaScript and when would you use one?';
    expect(similarity(ai, ai)).toBe(1);
    const s = similarity('alpha beta gamma delta', 'delta gamma beta alpha');
    expect(s).toBeGreaterThanOrEqual(0.7);
    expect(s).toBeLessThan(1);
    expect(similarity('completely different words', 'nothing shared here at all')).toBeLessThan(
      0.3,
    );
  });
});

describe('barge-in echo detection', () => {
  const ai = 'Can you explain how a closure captures variables from its outer scope?';
  it('takes runs of the interviewer’s words for their echo', () => {
    expect(isInterviewerEcho('how a closure captures', ai)).toBe(true);
    expect(isInterviewerEcho('closure', ai)).toBe(true);
    expect(isInterviewerEcho('', ai)).toBe(true);
  });
  it('sees through words the recogniser split or joined', () => {
    const q = 'What is a database index, how does it speed up queries?';
    expect(isInterviewerEcho('what is a data base index', q)).toBe(true);
    expect(isInterviewerEcho('how does it speedup', q)).toBe(true);
    expect(isInterviewerEcho('sorry can you repeat', q)).toBe(false);
  });
  it('takes other speech for the candidate, even with common words in it', () => {
    expect(isInterviewerEcho('sorry can you repeat', ai)).toBe(false);
    expect(isInterviewerEcho('wait I think', ai)).toBe(false);
    expect(isInterviewerEcho('hello', '')).toBe(false);
  });
});
