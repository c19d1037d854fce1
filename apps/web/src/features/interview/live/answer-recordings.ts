import type { AnswerRecorderLike, RecordedAnswer } from '../voice/answer-recorder';

/**
 * The recordings of answers in a live session (issue 14): nothing is recorded until the server
 * said the attempt keeps recordings (its `state`), and an answer's audio is uploaded only once the
 * server stored the answer (its `ack`, or the conversation after a reconnect), never before.
 */
export class AnswerRecordings {
  /** Whether the attempt keeps the audio of answers (the pre-start toggle), as the server says. */
  keeps = false;
  /** The audio of answers sent and not yet acknowledged, by answer id. */
  private readonly waiting = new Map<string, Promise<RecordedAnswer | null>>();

  constructor(
    /** Keeps an answer's audio: recording.ts's uploadRecording in the browser. */
    private readonly keep?: (answerId: string, audio: RecordedAnswer) => Promise<unknown>,
  ) {}

  /** The recorder the turn controller drives: it starts only while the attempt keeps recordings. */
  gate(recorder: AnswerRecorderLike | null | undefined): AnswerRecorderLike | null {
    if (!recorder) return null;
    return {
      start: () => {
        if (this.keeps) recorder.start();
      },
      pause: () => recorder.pause(),
      take: () => recorder.take(),
      discard: () => recorder.discard(),
      dispose: () => recorder.dispose(),
    };
  }

  /** An answer went out with its audio (settling once the recorder handed it over). */
  sent(answerId: string, audio: Promise<RecordedAnswer | null> | undefined) {
    if (audio && this.keep) this.waiting.set(answerId, audio);
  }

  /** The answer is stored: its audio follows. A failure is logged and the interview carries on. */
  stored(answerId: string) {
    const audio = this.waiting.get(answerId);
    const keep = this.keep;
    if (!audio || !keep) return;
    this.waiting.delete(answerId);
    void audio
      .then((recorded) => (recorded ? keep(answerId, recorded) : null))
      .catch((err: unknown) => console.warn('The recording of an answer was not kept', err));
  }
}
