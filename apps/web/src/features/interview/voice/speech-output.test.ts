import { describe, expect, it } from 'vitest';
import { fakeSpeaker } from '@/test/voice-fakes';
import { SentencePlayer } from './sentence-player';
import {
  INITIAL_VOICE,
  heardOf,
  voiceStep,
  type VoiceEffect,
  type VoiceInput,
  type VoiceState,
} from './speech-output';

/** The pure speech stage run against the fake speaker, as the turn controller runs it. */
function setup() {
  const voice = fakeSpeaker();
  const events: string[] = [];
  let state: VoiceState = INITIAL_VOICE;
  let heard: string | undefined;
  const apply = (input: VoiceInput) => {
    const step = voiceStep(state, input);
    state = step.voice;
    for (const effect of step.effects) heard = player.run(effect) ?? heard;
    for (const n of step.notices)
      events.push(n.type === 'audible' ? 'audible' : `finished:${n.how}`);
  };
  const player = new SentencePlayer(voice.speaker, apply);
  const out = {
    begin: () => apply({ type: 'begin' }),
    delta: (text: string) => apply({ type: 'delta', text }),
    end: (text: string) => apply({ type: 'end', text }),
    /** Stops the voice; what was heard of the reply. */
    interrupt: () => {
      apply({ type: 'interrupt' });
      return heard;
    },
    get speaking() {
      return state.active;
    },
  };
  return { voice, events, out };
}

describe('the speech stage', () => {
  it('starts speaking the first sentence before the reply has finished streaming', async () => {
    const { voice, events, out } = setup();
    out.begin();
    out.delta('Great. Now, ');
    expect(voice.spoken).toEqual(['Great.']);
    await voice.play();
    expect(events).toEqual(['audible']);
    out.delta('how would you test it?');
    await voice.finish();
    expect(out.speaking).toBe(true); // the rest is still streaming
    out.end('Great. Now, how would you test it?');
    expect(voice.spoken).toEqual(['Great.', 'Now, how would you test it?']);
    await voice.finish();
    expect(events).toEqual(['audible', 'finished:ended']);
    expect(out.speaking).toBe(false);
  });

  it('speaks what the stored reply adds after the last delta', async () => {
    const { voice, out } = setup();
    out.begin();
    out.delta('First part. ');
    out.end('First part. And the rest.');
    await voice.finish();
    expect(voice.spoken).toEqual(['First part.', 'And the rest.']);
  });

  it('a stream that stopped mid-sentence: the rest of the stored text joins it, one space', async () => {
    const { voice, out } = setup();
    out.begin();
    out.delta('Thank you. Next, how would you ');
    out.end('Thank you. Next, how would you cache product pages?');
    await voice.finish();
    expect(voice.spoken).toEqual(['Thank you.', 'Next, how would you cache product pages?']);
  });

  it('given up on with what streamed (a shorter text): says the rest of what came, nothing again', async () => {
    const { voice, out } = setup();
    out.begin();
    out.delta('Thank you. Next, how would you');
    out.end('Thank you. Next,');
    await voice.finish();
    await voice.finish();
    expect(voice.spoken).toEqual(['Thank you.', 'Next, how would you']);
  });

  it('knows what was heard when interrupted, cut back to whole words', async () => {
    const { voice, out } = setup();
    out.begin();
    out.end('One sentence. Then a second sentence here.');
    await voice.finish();
    await voice.play(12); // 'Then a secon'
    expect(out.interrupt()).toBe('One sentence. Then a');
    expect(voice.speaking()).toBeUndefined();
    // The rest of the reply is dropped.
    out.delta('more');
    expect(voice.spoken).toHaveLength(2);
  });

  it('reports a failed utterance and drops the rest', async () => {
    const { voice, events, out } = setup();
    out.begin();
    out.end('One. Two. Three.');
    await voice.finish('error');
    expect(events).toEqual(['finished:error']);
    expect(voice.spoken).toEqual(['One.']);
  });

  it('speaks each sentence the moment it is complete, on the shared sentence rule', async () => {
    const { voice, out } = setup();
    out.begin();
    // One sentence per delta, as the server chunks a stored reply: said at once.
    out.delta('Thank you. ');
    expect(voice.spoken).toEqual(['Thank you.']);
    // A point followed by a digit, and words split across deltas, continue the sentence.
    out.delta('It took 2.');
    out.delta('5 seconds, ');
    out.delta('roughly. Then');
    expect(voice.spoken).toEqual(['Thank you.']);
    await voice.finish();
    expect(voice.spoken).toEqual(['Thank you.', 'It took 2.5 seconds, roughly.']);
    out.end('Thank you. It took 2.5 seconds, roughly. Then');
    await voice.finish();
    expect(voice.spoken).toEqual(['Thank you.', 'It took 2.5 seconds, roughly.', 'Then']);
  });
});

describe('the speech stage as a function over events', () => {
  const run = (inputs: VoiceInput[]) => {
    let state: VoiceState = INITIAL_VOICE;
    const effects: VoiceEffect[] = [];
    const notices: string[] = [];
    for (const input of inputs) {
      const step = voiceStep(state, input);
      state = step.voice;
      effects.push(...step.effects);
      notices.push(...step.notices.map((n) => (n.type === 'audible' ? 'audible' : n.how)));
    }
    return { state, effects, notices };
  };

  it('numbers each sentence it hands to the speaker, and ignores news of an earlier one', () => {
    const { state, effects, notices } = run([
      { type: 'begin' },
      { type: 'delta', text: 'One. Two. ' },
      { type: 'done', n: 1, how: 'ended' },
      // A late report about sentence 1 changes nothing.
      { type: 'done', n: 1, how: 'error' },
      { type: 'audible', n: 1 },
    ]);
    expect(effects).toEqual([
      { type: 'speak', n: 1, text: 'One.' },
      { type: 'speak', n: 2, text: 'Two.' },
    ]);
    expect(notices).toEqual([]);
    expect(state).toMatchObject({ spoken: ['One.'], current: { n: 2 }, audible: false });
  });

  it('a new reply stops the sentence of the one before it', () => {
    const { effects, state } = run([
      { type: 'begin' },
      { type: 'end', text: 'Old reply.' },
      { type: 'begin' },
    ]);
    expect(effects.at(-1)).toEqual({ type: 'stop-sentence', n: 1 });
    expect(state).toMatchObject({ current: null, active: true, open: true });
  });

  it('an empty stored reply is over at once; the voice never started', () => {
    const { notices, state } = run([{ type: 'end', text: '' }]);
    expect(notices).toEqual(['ended']);
    expect(state.active).toBe(false);
  });

  it('silence carries what was said and the sentence on the voice, for what was heard', () => {
    const { effects } = run([
      { type: 'begin' },
      { type: 'end', text: 'First one. Second one here.' },
      { type: 'done', n: 1, how: 'ended' },
      { type: 'interrupt' },
    ]);
    const silence = effects.at(-1)!;
    expect(silence).toEqual({
      type: 'silence',
      spoken: ['First one.'],
      current: { n: 2, text: 'Second one here.' },
    });
    if (silence.type !== 'silence') throw new Error('not silence');
    expect(heardOf(silence.spoken, silence.current, 9)).toBe('First one. Second');
    expect(heardOf(silence.spoken, silence.current, 0)).toBe('First one.');
  });

  it('never changes the state it was given', () => {
    const state = voiceStep(INITIAL_VOICE, { type: 'begin' }).voice;
    const frozen = structuredClone(state);
    voiceStep(state, { type: 'delta', text: 'A sentence. And more' });
    expect(state).toEqual(frozen);
  });
});
