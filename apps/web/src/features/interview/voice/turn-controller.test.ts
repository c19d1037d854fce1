import { VOICE } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { LONG_ANSWER } from '@/test/answers';
import { WAIT } from '@/test/turn-script';
import { fakeClock, fakeRecognitions, fakeSpeaker } from '@/test/voice-fakes';
import { TurnController, type TurnState } from './turn-controller';
import type { AnswerMeta } from './types';

function setup(
  options: {
    startsBy?: 'itself' | 'test';
    /** Reacts to each change of state, as the live session does (it may call back in). */
    react?: (state: TurnState, turn: TurnController) => void;
    /** The longest an answer may run (a demanding interviewer). */
    maxAnswerMs?: number;
  } = {},
) {
  const clock = fakeClock();
  const recs = fakeRecognitions(options);
  const voice = fakeSpeaker();
  const answers: { text: string; meta: AnswerMeta }[] = [];
  const interruptions: string[] = [];
  const states: TurnState[] = [];
  const turn = new TurnController({
    createRecognition: recs.create,
    speaker: voice.speaker,
    clock,
    language: 'en-IN',
    onAnswer: (text, meta) => answers.push({ text, meta }),
    onChange: (s) => {
      states.push(s);
      options.react?.(s, turn);
    },
    onInterrupted: (heard) => interruptions.push(heard),
    maxAnswerMs: () => options.maxAnswerMs ?? null,
  });
  turn.start();
  return { clock, recs, voice, answers, interruptions, states, turn };
}

type Setup = ReturnType<typeof setup>;

/** The interviewer says `text` (one sentence per fake utterance), heard or silent, to the end. */
async function interviewerSays(s: Setup, text: string, opts: { audible?: boolean } = {}) {
  s.turn.replyStarted();
  s.turn.replyDelta(text);
  s.turn.replyEnded(text);
  while (s.voice.speaking()) {
    if (opts.audible) await s.voice.play();
    s.clock.advance(800);
    await s.voice.finish();
  }
}

/** Speaks `sentence` word by word as a recogniser reports it: interim words, then the final. */
function speak(s: Setup, sentence: string, msPerWord = 350) {
  const words = sentence.split(' ');
  for (let i = 1; i < words.length; i++) {
    s.recs.say(words.slice(0, i).join(' '), false);
    s.clock.advance(msPerWord);
  }
  s.recs.say(sentence, true);
}

describe('recognition and silence auto-send', () => {
  it('configures recognition as the spec says and sends a finished answer after a short silence, with timings', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    expect(recs.current()).toMatchObject({
      lang: 'en-IN',
      continuous: true,
      interimResults: true,
      maxAlternatives: 1,
      running: true,
    });
    expect(turn.snapshot).toMatchObject({ recording: true, phase: 'listening' });
    const started = clock.now();
    recs.say('A closure keeps', false);
    expect(turn.snapshot.interim).toBe('A closure keeps');
    clock.advance(1200);
    recs.say('A closure keeps its outer scope alive.', true, 0.8);
    expect(turn.snapshot.pending).toBe('A closure keeps its outer scope alive.');
    clock.advance(WAIT.short - WAIT.tick);
    expect(answers).toEqual([]);
    clock.advance(2 * WAIT.tick);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toBe('A closure keeps its outer scope alive.');
    expect(answers[0]!.meta).toMatchObject({
      mode: 'voice',
      confidence: 0.8,
      startedAt: started,
      endedAt: started + 1200,
      segments: [
        { text: 'A closure keeps its outer scope alive.', startMs: started, endMs: started + 1200 },
      ],
    });
    // The recogniser listens on while the reply is awaited (the candidate may go on); the screen
    // waits and says nothing is being recorded.
    expect(turn.snapshot).toMatchObject({ phase: 'waiting', recording: false });
    expect(recs.running).toBe(true);
  });

  it('holds a spoken thought while the candidate types code, and sends it once the typing stops', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('Okay, so I will keep a map from value to index.', true, 0.9);
    // Typing for 20 s, a key every 400 ms: no silence is counted while the hands are busy.
    for (let t = 0; t < 20_000; t += 400) {
      turn.noteTyping();
      clock.advance(400);
    }
    // 400 ms since the last key already.
    expect(answers).toEqual([]);
    clock.advance(WAIT.short - 400 - WAIT.tick);
    expect(answers).toEqual([]);
    clock.advance(2 * WAIT.tick);
    expect(answers.map((a) => a.text)).toEqual(['Okay, so I will keep a map from value to index.']);
  });

  it('sends a 200-word answer spoken sentence by sentence with breaths as one answer', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    const text = LONG_ANSWER.join(' ');
    expect(text.split(' ').length).toBeGreaterThanOrEqual(200);
    LONG_ANSWER.forEach((sentence, i) => {
      // Shorter than the wait after a finished sentence (longer pauses: turn-taking/continuation.test.ts).
      if (i > 0) clock.advance([400, 700, 550, 650][i % 4]!);
      speak({ recs, clock } as Setup, sentence);
    });
    expect(answers).toEqual([]);
    clock.advance(WAIT.short + 2 * WAIT.tick);
    expect(answers.map((a) => a.text)).toEqual([text]);
    expect(answers[0]!.meta.segments).toHaveLength(LONG_ANSWER.length);
  });

  it.each([
    'Okay, so I would measure first and then add a cache.',
    'Alright, the event loop runs callbacks when the stack is empty.',
    "Let's say we have ten thousand users at the same time.",
    'Great question, I used Redis for that.',
    'Perfect, a closure keeps its scope.',
    'Interesting, I would start with the requirements.',
    'Thank you for the question, I led that migration.',
    'My lead asked how would you roll this back, so we wrote a plan.',
    'They asked me what would you do if the cache fails, and I added a fallback.',
  ])('sends "%s" like any other answer', (answer) => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say(answer, true);
    clock.advance(3500);
    expect(answers.map((a) => a.text)).toEqual([answer]);
  });

  it('drops noise only: hesitation sounds alone are not an answer', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('um', true);
    recs.say('Hmm.', true);
    clock.advance(4000);
    expect(answers).toEqual([]);
    expect(turn.snapshot).toMatchObject({ pending: '', heldBack: '' });
    recs.say('uh, a queue', true);
    clock.advance(3500);
    expect(answers.map((a) => a.text)).toEqual(['uh, a queue']);
  });

  it('ignores results that arrive after the recogniser was stopped', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    const late = recs.current()!.onresult!;
    turn.disableMic();
    late({
      resultIndex: 0,
      results: Object.assign(
        [Object.assign([{ transcript: 'late', confidence: 1 }], { isFinal: true })],
        { length: 1 },
      ),
    });
    clock.advance(5000);
    expect(turn.snapshot.pending).toBe('');
    expect(answers).toEqual([]);
  });

  it('keeps the words being recognised when the mic is turned off mid-sentence', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('I would use a message queue', false);
    turn.disableMic();
    expect(turn.snapshot.pending).toBe('I would use a message queue');
    clock.advance(3500);
    expect(answers.map((a) => a.text)).toEqual(['I would use a message queue']);
    // Unfinished words have no confidence figure: none is invented.
    expect(answers[0]!.meta.confidence).toBeUndefined();
  });
});

describe('typed answers follow the same rules', () => {
  it('sends a typed answer at once, marked typed, with the microphone stopped', () => {
    const { recs, answers, turn } = setup();
    turn.enableMic();
    expect(turn.sendTyped('  Okay, so I would use a queue.  ')).toBe('sent');
    expect(answers).toEqual([{ text: 'Okay, so I would use a queue.', meta: { mode: 'typed' } }]);
    expect(recs.running).toBe(false);
    expect(turn.sendTyped('again')).toBe('busy'); // waiting for the interviewer
  });

  it('refuses noise the way speech does', () => {
    const { answers, turn } = setup();
    expect(turn.sendTyped('   ')).toBe('empty');
    expect(turn.sendTyped('um...')).toBe('empty');
    expect(answers).toEqual([]);
  });

  it('sends spoken words still pending before the typed ones, never dropping them', () => {
    const { recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('I would shard by customer', true);
    recs.say('and then', false);
    expect(turn.sendTyped('replicate each shard.')).toBe('sent');
    expect(answers.map((a) => a.text)).toEqual([
      'I would shard by customer and then replicate each shard.',
    ]);
  });
});

describe('the interviewer speaking and the mic coming back', () => {
  it('speaks the reply sentence by sentence as it streams', async () => {
    const { recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    expect(turn.snapshot.phase).toBe('speaking');
    turn.replyDelta('Thank you for that ');
    expect(voice.spoken).toEqual([]);
    turn.replyDelta('answer. Next: ');
    expect(voice.spoken).toEqual(['Thank you for that answer.']);
    turn.replyDelta('what is a promise?');
    turn.replyEnded('Thank you for that answer. Next: what is a promise?');
    await voice.finish();
    expect(voice.spoken).toEqual(['Thank you for that answer.', 'Next: what is a promise?']);
    expect(turn.snapshot.phase).toBe('speaking');
    await voice.finish();
    expect(turn.snapshot.phase).toBe('listening');
    expect(recs.running).toBe(true);
  });

  it('keeps listening across an audible reply and takes words said right as its voice ends', async () => {
    const s = setup();
    s.turn.enableMic();
    s.recs.say('A closure keeps its scope.', true);
    s.clock.advance(3500);
    expect(s.answers).toHaveLength(1);
    await interviewerSays(s, 'Thanks. What is a promise?', { audible: true });
    // One recogniser from the answer across the reply: listening on for words that go on from
    // the answer, switched to barge-in, then to the next answer, no gap.
    expect(s.recs.starts).toBe(1);
    expect(s.turn.snapshot).toMatchObject({ phase: 'listening', recording: true });
    s.recs.say('A promise is a value that arrives later.', true);
    s.clock.advance(3500);
    expect(s.answers.map((a) => a.text).at(-1)).toBe('A promise is a value that arrives later.');
  });

  it('starts the recogniser the moment a voice nobody heard ends (no voices, headless browsers)', async () => {
    const s = setup();
    s.turn.enableMic();
    expect(s.turn.sendTyped('A closure keeps its scope.')).toBe('sent');
    s.turn.replyStarted();
    s.turn.replyEnded('What is a closure?');
    expect(s.recs.running).toBe(false); // nothing to barge in on
    expect(s.turn.snapshot.bargeIn).toBe(false);
    await s.voice.finish(); // the speaker's own time-out ends a sentence that never started
    expect(s.recs.running).toBe(true);
    s.recs.say('Okay, so a closure keeps its outer scope.', true);
    s.clock.advance(3500);
    expect(s.answers.map((a) => a.text).at(-1)).toBe('Okay, so a closure keeps its outer scope.');
  });

  it('says it is recording only once the recogniser has started', async () => {
    const s = setup({ startsBy: 'test' });
    s.turn.enableMic();
    expect(s.turn.snapshot).toMatchObject({ micEnabled: true, recording: false });
    expect(() => s.recs.say('hello there', false)).toThrow(/not started/);
    s.recs.started();
    expect(s.turn.snapshot.recording).toBe(true);
    s.recs.say('Closures keep scope.', true);
    s.clock.advance(3500);
    // Awaiting the reply, it listens on but records nothing.
    expect(s.turn.snapshot).toMatchObject({ phase: 'waiting', recording: false });
    // A voice nobody hears: the recogniser stopped once it said a sentence, and starts again.
    await interviewerSays(s, 'What is a promise?');
    expect(s.recs.running).toBe(true);
    expect(s.turn.snapshot).toMatchObject({ phase: 'listening', recording: false });
    s.recs.started();
    expect(s.turn.snapshot.recording).toBe(true);
  });

  it('a first result counts as started, for recognisers without start events', () => {
    const s = setup({ startsBy: 'test' });
    s.turn.enableMic();
    const rec = s.recs.current()!;
    rec.started = true; // hears, but never fires start or audiostart
    s.recs.say('hello', false);
    expect(s.turn.snapshot.recording).toBe(true);
  });

  it('brings the mic back at once after a speech-output failure', async () => {
    const { recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('Hello there. What is a closure?');
    await voice.finish('error');
    expect(voice.spoken).toHaveLength(1); // the rest of the reply is dropped
    expect(recs.running).toBe(true);
    expect(turn.snapshot.phase).toBe('listening');
  });

  it('a voice that fails while the reply still streams does not leave the interviewer speaking', async () => {
    const { clock, recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyDelta('Hello! ');
    await voice.finish('error'); // headless Chromium: synthesis-failed
    expect(turn.snapshot.phase).toBe('listening');
    turn.replyDelta('What is a closure?');
    turn.replyEnded('Hello! What is a closure?');
    expect(turn.snapshot.phase).toBe('listening');
    expect(voice.spoken).toEqual(['Hello!']);
    expect(turn.sendTyped('A function with its scope.')).toBe('sent');
    clock.advance(1000);
    expect(recs.running).toBe(false); // waiting for the reply to the typed answer
  });

  it('speaks the stored reply instead when it replaced what streamed (an apology)', async () => {
    const { voice, turn } = setup();
    turn.replyStarted();
    turn.replyDelta('Half a senten');
    turn.replyEnded('I apologize, but I encountered an issue. Could you please repeat that?');
    expect(voice.spoken).toEqual(['I apologize, but I encountered an issue.']);
    await voice.finish();
    expect(voice.spoken.at(-1)).toBe('Could you please repeat that?');
  });

  it('speaks a stored reply that arrives without a stream', () => {
    const { voice, turn } = setup();
    turn.say('I apologize, but I encountered an issue. Could you please repeat your answer?');
    expect(turn.snapshot.phase).toBe('speaking');
    expect(voice.spoken).toEqual(['I apologize, but I encountered an issue.']);
  });

  it('does not listen while a reply is owed, then listens once it was spoken', async () => {
    const s = setup();
    s.turn.expectReply(); // connected, the introduction is on its way
    s.turn.enableMic();
    expect(s.recs.running).toBe(false);
    expect(s.turn.snapshot).toMatchObject({ micEnabled: true, phase: 'waiting' });
    await interviewerSays(s, 'Hello! What is a closure?');
    expect(s.recs.running).toBe(true);
  });
});

describe('time runs out mid-answer (the server grace period)', () => {
  it('keeps the words already said and the recogniser, and sends the finished answer after the closing', async () => {
    const s = setup();
    s.turn.enableMic();
    s.recs.say('I would add an index on the customer id', true);
    s.recs.say('and then', false);
    s.clock.advance(2900);
    // The server's time-up closing starts just before silence would have sent the answer.
    s.turn.replyStarted();
    expect(s.recs.running).toBe(true); // no stop: the words being recognised are not lost
    s.turn.replyEnded("We've reached our time limit for this interview.");
    s.clock.advance(600);
    s.recs.say('and then', false);
    s.recs.say('and then check the query plan.', true);
    expect(s.answers).toEqual([]);
    await s.voice.finish();
    expect(s.turn.snapshot.pending).toBe(
      'I would add an index on the customer id and then check the query plan.',
    );
    s.clock.advance(WAIT.short - WAIT.tick);
    // The silence counts from the end of the interviewer's voice.
    expect(s.answers).toEqual([]);
    s.clock.advance(2 * WAIT.tick);
    expect(s.answers.map((a) => a.text)).toEqual([
      'I would add an index on the customer id and then check the query plan.',
    ]);
  });

  it('sends words pending from before an interviewer line after its silence, never discards them', async () => {
    const s = setup();
    s.turn.enableMic();
    s.recs.say('I would add an index', true);
    await interviewerSays(s, 'Go on.');
    s.clock.advance(WAIT.short - WAIT.tick);
    expect(s.answers).toEqual([]);
    s.clock.advance(2 * WAIT.tick);
    expect(s.answers.map((a) => a.text)).toEqual(['I would add an index']);
  });

  it('flush sends everything said so far at once, unfinished words too (End Interview)', () => {
    const { recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('First I would profile.', true);
    recs.say('Then I would', false);
    expect(turn.flush()).toBe(true);
    expect(answers.map((a) => a.text)).toEqual(['First I would profile. Then I would']);
    expect(turn.flush()).toBe(false); // nothing more
  });

  it('flush cuts the interviewer off when the candidate has words pending', async () => {
    const { recs, voice, answers, interruptions, turn } = setup();
    turn.enableMic();
    recs.say('The cache goes first', true);
    turn.replyStarted();
    turn.replyEnded('Thank you for your time. We have reached the end.');
    await voice.play(9);
    expect(turn.flush()).toBe(true);
    expect(interruptions).toEqual(['Thank you']);
    expect(answers.map((a) => a.text)).toEqual(['The cache goes first']);
  });
});

describe('echo: the interviewer’s own voice through the microphone', () => {
  const REPLY = 'Good. Now tell me how a closure captures variables from its outer scope.';

  it('holds back the reply read back by the mic while it plays; Send anyway sends it', async () => {
    const s = setup();
    s.turn.enableMic();
    s.turn.replyStarted();
    s.turn.replyDelta(REPLY);
    s.turn.replyEnded(REPLY);
    await s.voice.play();
    expect(s.turn.snapshot.bargeIn).toBe(true);
    s.recs.say('now tell me how a closure', false);
    s.recs.say('now tell me how a closure captures variables', true);
    expect(s.interruptions).toEqual([]); // echo does not cut the interviewer off
    await s.voice.finish();
    await s.voice.finish();
    expect(s.turn.snapshot).toMatchObject({
      phase: 'listening',
      pending: '',
      heldBack: 'now tell me how a closure captures variables',
    });
    s.clock.advance(10_000);
    expect(s.answers).toEqual([]); // held back: never sent by itself
    s.turn.sendHeldBack();
    expect(s.answers.map((a) => a.text)).toEqual(['now tell me how a closure captures variables']);
    expect(s.turn.snapshot.heldBack).toBe('');
  });

  it('holds back an echo tail heard just after the voice ended; Discard drops it, the answer goes on', async () => {
    const s = setup();
    s.turn.enableMic();
    await interviewerSays(s, REPLY);
    s.clock.advance(300);
    s.recs.say('from its outer scope', true);
    expect(s.turn.snapshot.heldBack).toBe('from its outer scope');
    s.clock.advance(VOICE.echoWindowMs);
    s.recs.say('It keeps a reference to the variables, not a copy.', true);
    expect(s.turn.snapshot.pending).toBe('It keeps a reference to the variables, not a copy.');
    s.turn.discardHeldBack();
    expect(s.turn.snapshot.heldBack).toBe('');
    s.clock.advance(3500);
    expect(s.answers.map((a) => a.text)).toEqual([
      'It keeps a reference to the variables, not a copy.',
    ]);
  });

  it('Send anyway puts the held-back words where they were said in the answer', async () => {
    const s = setup();
    s.turn.enableMic();
    await interviewerSays(s, REPLY);
    s.recs.say('captures variables from its outer scope', true);
    s.clock.advance(VOICE.echoWindowMs + 100);
    s.recs.say('by keeping a reference to them.', true);
    s.turn.sendHeldBack();
    expect(s.answers.map((a) => a.text)).toEqual([
      'captures variables from its outer scope by keeping a reference to them.',
    ]);
  });

  it('takes the candidate’s own words right after the voice ended, even with an opener', async () => {
    const s = setup();
    s.turn.enableMic();
    await interviewerSays(s, REPLY);
    s.recs.say('Okay, so it keeps a reference to the outer variables.', true);
    expect(s.turn.snapshot).toMatchObject({
      heldBack: '',
      pending: 'Okay, so it keeps a reference to the outer variables.',
    });
  });
});

describe('barge-in', () => {
  it('listens over the audible interviewer, ignores their echo, and stops them when the candidate talks', async () => {
    const { clock, recs, voice, answers, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyDelta('Good. Now tell me how a closure captures variables. ');
    turn.replyEnded('Good. Now tell me how a closure captures variables.');
    await voice.play();
    expect(turn.snapshot).toMatchObject({ bargeIn: true, recording: false, phase: 'speaking' });
    expect(recs.running).toBe(true);

    // The interviewer's own voice coming back through the microphone.
    recs.say('how a closure captures', false);
    expect(turn.snapshot.phase).toBe('speaking');
    expect(turn.snapshot.interim).toBe('');

    await voice.finish(); // 'Good.' is heard whole
    await voice.play(15); // 'Now tell me how' of the second sentence
    recs.say('Sorry, could I', false);
    expect(voice.speaking()).toBeUndefined();
    expect(voice.cancels()).toBeGreaterThan(0);
    expect(interruptions).toEqual(['Good. Now tell me how']);
    expect(turn.snapshot).toMatchObject({ phase: 'listening', recording: true, bargeIn: false });
    expect(turn.snapshot.interim).toBe('Sorry, could I');

    recs.say('Sorry, could I ask whether the data fits in memory?', true);
    clock.advance(3500);
    expect(answers.map((a) => a.text)).toEqual([
      'Sorry, could I ask whether the data fits in memory?',
    ]);
  });

  it('a single word does not interrupt, and is kept for the answer', async () => {
    const { clock, recs, voice, answers, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('Describe the event loop in detail.');
    await voice.play();
    recs.say('right', true);
    expect(interruptions).toEqual([]);
    expect(turn.snapshot.phase).toBe('speaking');
    await voice.finish();
    recs.say('it runs callbacks when the stack is empty.', true);
    clock.advance(3500);
    expect(answers.map((a) => a.text)).toEqual([
      'right it runs callbacks when the stack is empty.',
    ]);
  });

  it('stopping the interviewer by hand (Skip) gives the candidate the mic at once', () => {
    const { recs, voice, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('A long question. With two sentences.');
    turn.stopInterviewer();
    expect(interruptions).toEqual(['']);
    expect(voice.speaking()).toBeUndefined();
    expect(turn.snapshot.phase).toBe('listening');
    expect(recs.running).toBe(true);
  });
});

describe('the urgent lane: the candidate, an interrupt or End go before queued work', () => {
  it('End stops the voice at once, reports what was heard, sends the words said and turns the mic off', async () => {
    const { recs, voice, answers, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyDelta('Good. Now tell me how you would shard it. ');
    await voice.play();
    // Heard over the voice but not enough to interrupt: kept for the answer.
    recs.say('right', true);
    await voice.finish();
    await voice.play(8);
    expect(turn.end()).toBe(true);
    expect(voice.speaking()).toBeUndefined();
    expect(interruptions).toEqual(['Good. Now tell']);
    expect(answers.map((a) => a.text)).toEqual(['right']);
    expect(turn.snapshot).toMatchObject({ micEnabled: false, recording: false });
    expect(recs.running).toBe(false);
    // The rest of the reply arriving after End is not spoken.
    turn.replyEnded('Good. Now tell me how you would shard it. Think about hot keys.');
    expect(voice.spoken).toEqual(['Good.', 'Now tell me how you would shard it.']);
  });

  it('End with nothing said and the interviewer quiet sends nothing and turns the mic off', () => {
    const { answers, interruptions, turn } = setup();
    turn.enableMic();
    expect(turn.end()).toBe(false);
    expect(answers).toEqual([]);
    expect(interruptions).toEqual([]);
    expect(turn.snapshot.micEnabled).toBe(false);
  });

  it('interviewer work asked for while other work runs waits behind it', async () => {
    const seen: string[] = [];
    const s = setup({
      react: (state, turn) => {
        seen.push(state.phase);
        // The voice starting: the session hands over more text at once.
        if (state.phase === 'speaking' && seen.length === 1) turn.replyDelta('Queued behind. ');
      },
    });
    s.turn.replyStarted();
    expect(seen).toEqual(['speaking']);
    expect(s.voice.spoken).toEqual(['Queued behind.']);
  });

  it('an interrupt asked for during interviewer work goes first, and the cut-off reply’s queued work is dropped', () => {
    let once = false;
    const s = setup({
      react: (state, turn) => {
        if (once || state.phase !== 'speaking') return;
        once = true;
        turn.replyDelta('Queued behind. ');
        turn.stopInterviewer();
      },
    });
    s.turn.enableMic();
    s.turn.replyStarted();
    expect(s.interruptions).toEqual(['']);
    // Never spoken, not even begun and cut off.
    expect(s.voice.spoken).toEqual([]);
    expect(s.turn.snapshot.phase).toBe('listening');
  });
});

describe('time to think', () => {
  it('waits after "let me think" until the candidate speaks again', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('Let me think about that.', true);
    expect(turn.snapshot.thinking).toBe(true);
    clock.advance(20_000);
    expect(answers).toEqual([]);
    recs.say('I would shard the table by customer id to spread the writes.', true);
    expect(turn.snapshot.thinking).toBe(false);
    clock.advance(3600);
    expect(answers).toHaveLength(1);
  });

  it('the Thinking button pauses auto-send, at most 60 s', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    recs.say('Partition by region.', true);
    turn.setThinking(true);
    clock.advance(59_000);
    expect(answers).toEqual([]);
    expect(turn.snapshot.thinking).toBe(true);
    clock.advance(2000);
    expect(turn.snapshot.thinking).toBe(false);
    expect(answers.map((a) => a.text)).toEqual(['Partition by region.']);
  });
});

describe('recognition errors and restarts', () => {
  it('restarts after recoverable errors while fewer than 3 in a row, then stops and says why', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    recs.error('no-speech');
    recs.end(); // the browser ends after an error; the 1 s delay still applies
    expect(turn.snapshot.recording).toBe(false);
    clock.advance(900);
    expect(recs.starts).toBe(1);
    clock.advance(100);
    expect(recs.starts).toBe(2);
    recs.error('audio-capture');
    clock.advance(1000);
    expect(recs.starts).toBe(3);
    recs.error('no-speech');
    clock.advance(5000);
    expect(recs.starts).toBe(3);
    expect(turn.snapshot.micEnabled).toBe(false);
    expect(turn.snapshot.error).toMatch(/No speech was heard/);
  });

  it('counts errors in a row: recognised words reset the count', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    recs.error('no-speech');
    clock.advance(1000);
    recs.error('no-speech');
    clock.advance(1000);
    recs.say('hello', false);
    recs.error('no-speech');
    clock.advance(1000);
    expect(recs.running).toBe(true);
    expect(turn.snapshot.micEnabled).toBe(true);
  });

  it('silence while thinking does not count against the microphone', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    turn.setThinking(true);
    for (let i = 0; i < 5; i++) {
      recs.error('no-speech');
      clock.advance(1000);
    }
    expect(recs.running).toBe(true);
    expect(turn.snapshot.micEnabled).toBe(true);
  });

  it('other errors stop recording at once; aborted (our own stop) is no error', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    recs.error('aborted');
    expect(turn.snapshot.error).toBeNull();
    recs.error('network');
    clock.advance(5000);
    expect(recs.running).toBe(false);
    expect(turn.snapshot.micEnabled).toBe(false);
    expect(turn.snapshot.error).toMatch(/network/);
  });

  it('reports a denied microphone', () => {
    const { recs, turn } = setup();
    turn.enableMic();
    recs.error('not-allowed');
    expect(turn.snapshot).toMatchObject({
      error: 'Microphone permission denied',
      micEnabled: false,
      recording: false,
    });
  });

  it('restarts the recogniser 500 ms after it ends on its own, not recording in between', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    recs.end();
    expect(turn.snapshot.recording).toBe(false);
    clock.advance(400);
    expect(recs.starts).toBe(1);
    clock.advance(200);
    expect(recs.starts).toBe(2);
    expect(turn.snapshot.recording).toBe(true);
  });

  it('says so when the browser has no speech recognition', () => {
    const clock = fakeClock();
    const turn = new TurnController({
      createRecognition: () => null,
      speaker: fakeSpeaker().speaker,
      clock,
      language: 'en-IN',
      onAnswer: () => undefined,
      onChange: () => undefined,
    });
    turn.enableMic();
    expect(turn.snapshot).toMatchObject({
      micEnabled: false,
      error: 'Speech recognition not supported',
    });
  });
});

describe('a demanding interviewer stops a ramble (issue 15)', () => {
  it('sends a two-minute answer as it stands, without waiting for a pause', () => {
    const s = setup({ maxAnswerMs: 120_000 });
    s.turn.enableMic();
    // Sentences back to back with short breaths: never a silence that ends the answer. Word by
    // word, until the interviewer takes the turn.
    outer: for (let i = 0; i < 60; i++) {
      const words = LONG_ANSWER[i % LONG_ANSWER.length]!.split(' ');
      for (let w = 1; w <= words.length; w++) {
        s.recs.say(words.slice(0, w).join(' '), w === words.length);
        s.clock.advance(w === words.length ? 500 : 400);
        if (s.answers.length > 0) break outer;
      }
    }
    expect(s.answers).toHaveLength(1);
    const { meta } = s.answers[0]!;
    const spokenFor = meta.endedAt! - meta.startedAt!;
    expect(spokenFor).toBeGreaterThanOrEqual(115_000);
    expect(spokenFor).toBeLessThan(130_000);
  });

  it('lets the same answer run on without a limit', () => {
    const s = setup();
    s.turn.enableMic();
    for (let i = 0; i < 30; i++) {
      speak(s, LONG_ANSWER[i % LONG_ANSWER.length]!, 400);
      s.clock.advance(500);
    }
    expect(s.answers).toHaveLength(0);
    // It stops on "First I added tracing…": a first step with no second, the long wait.
    s.clock.advance(WAIT.long + 2 * WAIT.tick);
    expect(s.answers).toHaveLength(1);
  });
});
