import { describe, expect, it } from 'vitest';
import { fakeSpeaker } from '@/test/voice-fakes';
import { SpeechOutput } from './speech-output';
import type { SpeechOutcome } from './types';

function setup() {
  const voice = fakeSpeaker();
  const events: string[] = [];
  const out = new SpeechOutput(voice.speaker, {
    onAudible: () => events.push('audible'),
    onFinished: (how: SpeechOutcome) => events.push(`finished:${how}`),
  });
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
