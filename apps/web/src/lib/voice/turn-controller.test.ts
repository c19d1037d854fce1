import { describe, expect, it } from 'vitest';
import { fakeClock, fakeRecognitions, fakeSpeaker } from './fakes';
import { TurnController } from './turn-controller';
import type { AnswerMeta } from './types';

function setup() {
  const clock = fakeClock();
  const recs = fakeRecognitions();
  const voice = fakeSpeaker();
  const answers: { text: string; meta: AnswerMeta }[] = [];
  const interruptions: string[] = [];
  const turn = new TurnController({
    createRecognition: recs.create,
    speaker: voice.speaker,
    clock,
    language: 'en-IN',
    onAnswer: (text, meta) => answers.push({ text, meta }),
    onChange: () => undefined,
    onInterrupted: (heard) => interruptions.push(heard),
  });
  turn.start();
  return { clock, recs, voice, answers, interruptions, turn };
}

/** Past the 2 s guard of a previous interviewer turn. */
const QUIET = 2500;

describe('recognition and silence auto-send', () => {
  it('configures recognition as the spec says and sends after 3 s of silence, with timings', () => {
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
    clock.advance(QUIET);
    const started = clock.now();
    recs.say('A closure keeps', false);
    expect(turn.snapshot.interim).toBe('A closure keeps');
    clock.advance(1200);
    recs.say('A closure keeps its outer scope alive.', true, 0.8);
    expect(turn.snapshot.pending).toBe('A closure keeps its outer scope alive.');
    clock.advance(2500);
    expect(answers).toEqual([]);
    clock.advance(1000);
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
    expect(turn.snapshot.phase).toBe('waiting');
    expect(recs.running).toBe(false);
  });

  it('keeps waiting while the candidate keeps talking, and joins the pieces', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    clock.advance(QUIET);
    recs.say('First I would measure.', true);
    clock.advance(2500);
    recs.say('Then I would add a cache.', true);
    clock.advance(2500);
    expect(answers).toEqual([]);
    clock.advance(1000);
    expect(answers.map((a) => a.text)).toEqual([
      'First I would measure. Then I would add a cache.',
    ]);
    expect(answers[0]!.meta.segments).toHaveLength(2);
  });

  it('rejects interviewer phrases picked up by the microphone', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    clock.advance(QUIET);
    recs.say('Can you explain the event loop?', true);
    clock.advance(4000);
    expect(answers).toEqual([]);
    expect(turn.snapshot.pending).toBe('');
  });

  it('ignores results that arrive after the recogniser was stopped', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    const rec = recs.current()!;
    const late = rec.onresult!;
    turn.disableMic();
    late({
      resultIndex: 0,
      results: Object.assign(
        [Object.assign([{ transcript: 'late', confidence: 1 }], { isFinal: true })],
        {
          length: 1,
        },
      ),
    });
    clock.advance(5000);
    expect(turn.snapshot.pending).toBe('');
    expect(answers).toEqual([]);
  });

  it('sends a typed answer at once, marked typed, with the microphone stopped', () => {
    const { recs, answers, turn } = setup();
    turn.enableMic();
    expect(turn.sendTyped('  I would use a queue.  ')).toBe(true);
    expect(answers).toEqual([{ text: 'I would use a queue.', meta: { mode: 'typed' } }]);
    expect(recs.running).toBe(false);
    expect(turn.sendTyped('again')).toBe(false); // waiting for the interviewer
  });
});

describe('the interviewer speaking', () => {
  it('speaks the reply sentence by sentence as it streams, mic off, back 1.5 s after', async () => {
    const { clock, recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    expect(recs.running).toBe(false);
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
    expect(turn.snapshot.phase).toBe('idle');
    clock.advance(1400);
    expect(recs.running).toBe(false);
    clock.advance(200);
    expect(recs.running).toBe(true);
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

  it('brings the mic back 1 s after a speech-output failure', async () => {
    const { clock, recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('Hello there. What is a closure?');
    await voice.finish('error');
    expect(voice.spoken).toHaveLength(1); // the rest of the reply is dropped
    clock.advance(900);
    expect(recs.running).toBe(false);
    clock.advance(200);
    expect(recs.running).toBe(true);
  });

  it('a voice that fails while the reply still streams does not leave the interviewer speaking', async () => {
    const { clock, recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyDelta('Hello! ');
    await voice.finish('error'); // headless Chromium: synthesis-failed
    expect(turn.snapshot.phase).toBe('idle');
    turn.replyDelta('What is a closure?');
    turn.replyEnded('Hello! What is a closure?');
    expect(turn.snapshot.phase).toBe('idle');
    expect(voice.spoken).toEqual(['Hello!']);
    expect(turn.sendTyped('A function with its scope.')).toBe(true);
    clock.advance(1000);
    expect(recs.running).toBe(false); // waiting for the reply to the typed answer
  });

  it('discards a transcript whose send would fall within 2 s of the interviewer speaking', async () => {
    const { clock, recs, voice, answers, turn } = setup();
    turn.enableMic();
    clock.advance(QUIET);
    recs.say('I would add an index', true);
    clock.advance(2900);
    // The server speaks up (a time-up line) just before the silence would send the answer.
    turn.replyStarted();
    turn.replyEnded('We have reached our time limit.');
    clock.advance(300);
    await voice.finish();
    clock.advance(300);
    expect(answers).toEqual([]);
    expect(turn.snapshot.pending).toBe('');
  });

  it('sends words pending from before an interviewer line once 2 s have passed after it', async () => {
    const { clock, recs, voice, answers, turn } = setup();
    turn.enableMic();
    clock.advance(QUIET);
    recs.say('I would add an index', true);
    turn.replyStarted();
    turn.replyEnded('Go on.');
    await voice.finish();
    clock.advance(2900);
    expect(answers).toEqual([]); // not 3 s of silence yet
    clock.advance(600);
    expect(answers.map((a) => a.text)).toEqual(['I would add an index']);
  });

  it('does not listen while a reply is owed, then listens after it was spoken', async () => {
    const { clock, recs, voice, turn } = setup();
    turn.expectReply(); // connected, the introduction is on its way
    turn.enableMic();
    expect(recs.running).toBe(false);
    expect(turn.snapshot).toMatchObject({ micEnabled: true, phase: 'waiting' });
    turn.replyStarted();
    turn.replyEnded('Hello! What is a closure?');
    await voice.finish();
    await voice.finish();
    clock.advance(1500);
    expect(recs.running).toBe(true);
  });

  it('does not listen over a voice that is never heard (no voices, headless browsers)', async () => {
    const { recs, voice, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('What is a closure?');
    expect(voice.spoken).toHaveLength(1);
    expect(recs.running).toBe(false);
    expect(turn.snapshot.bargeIn).toBe(false);
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

  it('a single word does not interrupt', async () => {
    const { recs, voice, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('Describe the event loop in detail.');
    await voice.play();
    recs.say('hmm', false);
    expect(interruptions).toEqual([]);
    expect(turn.snapshot.phase).toBe('speaking');
  });

  it('stopping the interviewer by hand brings the mic back after 0.5 s', async () => {
    const { clock, recs, voice, interruptions, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('A long question. With two sentences.');
    turn.stopInterviewer();
    expect(interruptions).toEqual(['']);
    expect(voice.speaking()).toBeUndefined();
    expect(turn.snapshot.phase).toBe('idle');
    clock.advance(400);
    expect(recs.running).toBe(false);
    clock.advance(200);
    expect(recs.running).toBe(true);
  });
});

describe('time to think', () => {
  it('waits after "let me think" until the candidate speaks again', () => {
    const { clock, recs, answers, turn } = setup();
    turn.enableMic();
    clock.advance(QUIET);
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
    clock.advance(QUIET);
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

  it('restarts the recogniser 500 ms after it ends on its own', () => {
    const { clock, recs, turn } = setup();
    turn.enableMic();
    recs.end();
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
