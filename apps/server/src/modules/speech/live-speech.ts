import {
  LIVE_AUDIO,
  TRANSCRIPTION_FAILED_MESSAGE,
  encodeBinaryFrame,
  endsSentence,
  splitSentences,
  type ServerFrame,
  type SpeechModes,
  type UtteranceHeader,
} from '@candor/shared';
import type { Logger } from '../../platform/logger';
import { SpeechError } from './errors';
import type { SpeechServices } from './services';

/**
 * Server speech on one live socket (decision 022): utterances the page sends are transcribed and
 * their text goes back as `transcript` frames (the page's turn controller treats it as it treats
 * the browser recogniser's words, so the same filter and turn rules decide the answer), and the
 * interviewer's replies are voiced sentence by sentence as they stream, the audio going out as
 * binary frames. A failure is logged with the attempt id and falls back for that turn: the
 * candidate is told to repeat or type; the page says the rest of that reply with its own voice.
 */

type Emit = (frame: ServerFrame) => void;
/** Where a socket's frames go, and whether anybody still listens (modules/turns' Channel). */
interface Channel {
  emit: Emit;
  signal: AbortSignal;
}

export function speechModes(speech: SpeechServices): SpeechModes {
  return {
    recognition: speech.transcriber ? 'server' : 'browser',
    voice: speech.synthesizer ? 'server' : 'browser',
  };
}

/** A WAV file (RIFF … WAVE) with something after its header. */
function isWav(audio: Uint8Array): boolean {
  const tag = (at: number) => String.fromCharCode(...audio.subarray(at, at + 4));
  return audio.length > 44 && tag(0) === 'RIFF' && tag(8) === 'WAVE';
}

/** Why an utterance was refused before transcription; null when it may be transcribed. */
export function utteranceRefusal(audio: Uint8Array): string | null {
  if (audio.length > LIVE_AUDIO.maxUtteranceBytes) return 'audio: longer than an utterance may be';
  if (!isWav(audio)) return 'audio: not a WAV file';
  return null;
}

/**
 * Transcribes one utterance: interim `transcript` frames while the provider streams, then the
 * final one (empty text when nothing was recognised: silence, a cough), or `transcript.failed`.
 */
export async function transcribeUtterance(options: {
  speech: SpeechServices;
  header: UtteranceHeader;
  audio: Uint8Array;
  emit: Emit;
  signal: AbortSignal;
  log: Logger;
  interviewId: string;
}) {
  const { speech, header, audio, emit, signal, log, interviewId } = options;
  const { id } = header;
  if (!speech.transcriber) {
    emit({ type: 'transcript.failed', id, message: TRANSCRIPTION_FAILED_MESSAGE });
    return;
  }
  try {
    const text = await speech.transcriber.transcribe({
      audio,
      mimeType: header.mimeType,
      filename: 'utterance.wav',
      language: 'en',
      signal,
      interviewId,
      onInterim: (interim) => emit({ type: 'transcript', id, text: interim, final: false }),
    });
    emit({ type: 'transcript', id, text, final: true });
  } catch (err) {
    if (signal.aborted) return;
    if (err instanceof SpeechError && err.kind === 'empty') {
      emit({ type: 'transcript', id, text: '', final: true });
      return;
    }
    log.warn(
      { err, interviewId, utteranceId: id, kind: err instanceof SpeechError ? err.kind : 'other' },
      'transcription failed; the candidate is asked to repeat or type the answer',
    );
    emit({ type: 'transcript.failed', id, message: TRANSCRIPTION_FAILED_MESSAGE });
  }
}

/** Letters and digits only: markdown the stored reply drops, spacing, case do not count. */
const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** What the voice says: markdown symbols are not read aloud (as the stored reply drops them). */
const spoken = (t: string) =>
  t
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** One reply being voiced: its text so far, what is queued, and how to stop it. */
interface ReplyVoice {
  id: string;
  /** Text after the last complete sentence (still being written). */
  buffer: string;
  /** Sentences handed to the synthesiser so far, and their text. */
  next: number;
  said: string;
  controller: AbortController;
  /** A sentence failed: the rest of this reply falls back to the page's voice at once. */
  failed: boolean;
}

/**
 * The channel, with the interviewer's voice: each complete sentence of a streamed reply is
 * synthesised as soon as it is complete (the first plays while the model writes the rest), in
 * order, one after another; the stored reply (`reply.end`) voices what is left, or stops the voice
 * when the reply was cut off (`meta.heard`). `stop(replyId)` is the candidate's interrupt.
 */
export function voicedChannel(options: {
  channel: Channel;
  speech: SpeechServices;
  sendAudio: (frame: Uint8Array) => void;
  log: Logger;
  interviewId: string;
}): { channel: Channel; stop: (replyId: string) => void } {
  const { channel, speech, sendAudio, log, interviewId } = options;
  const synthesizer = speech.synthesizer;
  const voices = new Map<string, ReplyVoice>();
  let line = Promise.resolve();

  const say = (voice: ReplyVoice, text: string) => {
    const index = voice.next++;
    voice.said += ` ${text}`;
    line = line.then(async () => {
      if (voice.controller.signal.aborted || channel.signal.aborted) return;
      if (voice.failed || !synthesizer) {
        channel.emit({ type: 'speech.failed', replyId: voice.id, index, text });
        return;
      }
      channel.emit({
        type: 'speech.start',
        replyId: voice.id,
        index,
        text,
        format: 'pcm',
        sampleRate: LIVE_AUDIO.pcmSampleRate,
      });
      try {
        for await (const chunk of synthesizer.synthesize({
          text: spoken(text),
          signal: AbortSignal.any([voice.controller.signal, channel.signal]),
          interviewId,
        })) {
          sendAudio(encodeBinaryFrame({ type: 'audio', replyId: voice.id, index }, chunk));
        }
        channel.emit({ type: 'speech.end', replyId: voice.id, index });
      } catch (err) {
        if (voice.controller.signal.aborted || channel.signal.aborted) return;
        voice.failed = true;
        log.warn(
          {
            err,
            interviewId,
            replyId: voice.id,
            kind: err instanceof SpeechError ? err.kind : 'other',
          },
          "speech synthesis failed; the browser's voice says the rest of this reply",
        );
        channel.emit({ type: 'speech.failed', replyId: voice.id, index, text });
      }
    });
  };

  const sayAll = (voice: ReplyVoice, chunks: string[]) => {
    for (const chunk of chunks) if (chunk.trim()) say(voice, chunk.trim());
  };

  const begin = (id: string): ReplyVoice => {
    const voice: ReplyVoice = {
      id,
      buffer: '',
      next: 0,
      said: '',
      controller: new AbortController(),
      failed: false,
    };
    voices.set(id, voice);
    // Only the latest replies are worth keeping; an old one is long spoken.
    if (voices.size > 8) voices.delete(voices.keys().next().value!);
    return voice;
  };

  const onFrame = (frame: ServerFrame) => {
    if (frame.type === 'reply.start') {
      if (!voices.has(frame.id)) begin(frame.id);
      return;
    }
    if (frame.type === 'reply.delta') {
      const voice = voices.get(frame.id) ?? begin(frame.id);
      voice.buffer += frame.text;
      const chunks = splitSentences(voice.buffer);
      const last = chunks.at(-1);
      voice.buffer = last !== undefined && !endsSentence(last) ? chunks.pop()! : '';
      sayAll(voice, chunks);
      return;
    }
    if (frame.type === 'reply.end') {
      const { message } = frame;
      const voice = voices.get(message.id);
      if (message.meta?.heard !== undefined) {
        voice?.controller.abort('interrupted');
        return;
      }
      if (!voice) {
        // Repeated after a reconnect or an interrupt receipt: already voiced (or never wanted).
        return;
      }
      const said = key(voice.said);
      const full = key(message.message);
      if (!full.startsWith(said) && !said.startsWith(full)) {
        // Replaced (the apology after a provider failure): voiced instead of what streamed.
        voice.controller.abort('replaced');
        const fresh = begin(message.id);
        fresh.next = voice.next;
        sayAll(fresh, splitSentences(message.message));
        return;
      }
      // What the stored reply says beyond the sentences already voiced (the unfinished last one).
      let upTo = '';
      for (const chunk of splitSentences(message.message)) {
        upTo += chunk;
        if (!said.startsWith(key(upTo))) sayAll(voice, [chunk]);
      }
      voice.buffer = '';
    }
  };

  return {
    channel: {
      signal: channel.signal,
      emit(frame) {
        channel.emit(frame);
        if (synthesizer) onFrame(frame);
      },
    },
    stop(replyId) {
      voices.get(replyId)?.controller.abort('interrupted');
    },
  };
}
