import { heardOf, type VoiceEffect, type VoiceInput } from './speech-output';
import type { SpeakerLike, SpeechHandle } from './types';

/**
 * Carries out the speech stage's effects against a speaker (the browser's voice or the
 * server's) and reports back what each sentence's handle says, as the stage's inputs. It keeps
 * the handles, which the pure stage cannot hold, and nothing else.
 */
export class SentencePlayer {
  private readonly handles = new Map<number, SpeechHandle>();

  constructor(
    private readonly speaker: SpeakerLike,
    private readonly report: (input: Extract<VoiceInput, { type: 'audible' | 'done' }>) => void,
  ) {}

  /** Runs one effect; a `silence` returns what was heard of the reply it stopped. */
  run(effect: VoiceEffect): string | undefined {
    switch (effect.type) {
      case 'speak': {
        const { n } = effect;
        const handle = this.speaker.speak(effect.text);
        this.handles.set(n, handle);
        void handle.audible.then(() => this.report({ type: 'audible', n }));
        void handle.done.then((how) => {
          this.handles.delete(n);
          this.report({ type: 'done', n, how });
        });
        return undefined;
      }
      case 'stop-sentence':
        this.handles.get(effect.n)?.interrupt();
        return undefined;
      case 'silence': {
        // Read before stopping: a stopped player forgets how far it got.
        const handle = effect.current ? this.handles.get(effect.current.n) : undefined;
        const heard = heardOf(effect.spoken, effect.current, handle?.spokenChars() ?? 0);
        handle?.interrupt();
        this.speaker.cancel();
        return heard;
      }
    }
  }
}
