import { VOICE, type ConversationMessage, type ServerFrame } from '@candor/shared';
import {
  checkPage,
  clockStopped,
  entry,
  graceDeadline,
  isAnswer,
  reportPage,
  speech,
  type SessionCommand,
  type SessionState,
  type Step,
  type TranscriptEntry,
} from './session-state';

/**
 * The live session's machine, the server's frames: the conversation so far (`state`, after every
 * connect), acknowledgements, a reply streaming and stored, the end, the report and errors (by
 * their code).
 */

export function onFrame(s: SessionState, f: ServerFrame, now: number): Step {
  switch (f.type) {
    case 'state': {
      const step = onState(s, f, now);
      const modes = f.speech ?? { recognition: 'browser', voice: 'browser' };
      return { ...step, commands: [{ type: 'voice', modes }, ...step.commands] };
    }
    case 'transcript':
    case 'transcript.failed':
    case 'speech.start':
    case 'speech.end':
    case 'speech.failed':
      return { state: s, commands: [{ type: 'voice', frame: f }] };
    case 'ack':
      return { state: onAck(s, f.id, f.seq), commands: [] };
    case 'reply.start': {
      const commands: SessionCommand[] = [{ type: 'clear-timer', name: 'owedReply' }];
      let state: SessionState = { ...s, streaming: '' };
      if (s.voice?.id === f.id && !s.voice.ended) {
        // The reply being spoken comes again (a reconnect): its voice goes on where it was.
        state.voice = { ...s.voice, again: true };
      } else if (!s.spoken.includes(f.id) && s.endStage === 'live') {
        state = { ...state, voice: { id: f.id, ended: false, again: false } };
        state.spoken = [...s.spoken, f.id];
        commands.push(speech({ type: 'reply-started' }));
      }
      return { state, commands };
    }
    case 'reply.delta': {
      const state = { ...s, streaming: (s.streaming ?? '') + f.text };
      const voiced = s.voice?.id === f.id && !s.voice.ended && !s.voice.again;
      return { state, commands: voiced ? [speech({ type: 'reply-delta', text: f.text })] : [] };
    }
    case 'reply.end':
      return onReplyEnd(s, f.message, now);
    case 'completed': {
      const state = { ...s, completed: true, completionReason: f.reason };
      return {
        state,
        commands:
          f.reason === 'time-up'
            ? [{ type: 'timer', name: 'grace', at: graceDeadline(state, now) }]
            : [],
      };
    }
    case 'ended': {
      const state: SessionState = {
        ...s,
        endStage: 'generating',
        attemptStatus: 'completed',
        clock: clockStopped(s.clock, now),
      };
      const commands: SessionCommand[] = [{ type: 'clear-timer', name: 'endAnswer' }];
      // Spoken answers: the candidate checks them first; the report starts after that.
      if (f.checkUntil) commands.push({ type: 'navigate', to: checkPage(s) });
      else if (f.reportStatus === 'pending')
        commands.push({ type: 'timer', name: 'reportWait', at: now + VOICE.reportWaitMs });
      else commands.push({ type: 'navigate', to: reportPage(s) });
      return { state, commands };
    }
    case 'report':
      // Completed or failed, the report page says which (and offers to generate it again).
      return {
        state: { ...s, endStage: 'generating' },
        commands: [
          { type: 'clear-timer', name: 'reportWait' },
          { type: 'navigate', to: reportPage(s) },
        ],
      };
    case 'error':
      return onError(s, f);
    case 'pong':
      return { state: s, commands: [] };
  }
}

/**
 * An answer is stored. The interruptions sent before it were handled before it (the server takes
 * a socket's frames in order): one whose reply was never stored (cut before a word was written)
 * gets no receipt, and is not kept for ever. Words that went on from an answer join its line when
 * the server appended them to it (the same seq), else keep their own.
 */
function onAck(s: SessionState, id: string, seq: number): SessionState {
  const at = s.outbox.findIndex((o) => isAnswer(o) && o.id === id);
  const outbox = s.outbox.filter((o, i) => (isAnswer(o) ? o.id !== id : at === -1 || i > at));
  const line = s.messages.find((m) => m.id === id);
  const root = line?.joins ? s.messages.find((m) => m.id === line.joins) : undefined;
  if (line && root && root.seq === seq) {
    const messages = s.messages
      .filter((m) => m.id !== id)
      .map((m) => (m === root ? { ...m, message: `${m.message} ${line.message}` } : m));
    return { ...s, outbox, messages };
  }
  return {
    ...s,
    outbox,
    messages: s.messages.map((m) => (m.id === id ? { ...m, seq, sending: false } : m)),
  };
}

function onState(s: SessionState, f: Extract<ServerFrame, { type: 'state' }>, now: number): Step {
  const { interview, messages } = f;
  const stored = new Map(messages.map((m) => [m.id, m]));
  // Words that went on from an answer are stored inside it (its meta.joined names them).
  for (const m of messages) for (const joined of m.meta?.joined ?? []) stored.set(joined, m);
  // Answers the server has are done; interruptions are done once the message says what was heard.
  const outbox = s.outbox.filter((o) =>
    isAnswer(o) ? !stored.has(o.id) : stored.get(o.replyId)?.meta?.heard === undefined,
  );
  const commands: SessionCommand[] = [];
  let voice = s.voice;
  // The reply being spoken when the channel dropped is stored now: its voice says the rest.
  const speaking = voice && !voice.ended ? stored.get(voice.id) : undefined;
  if (voice && speaking) {
    voice = { ...voice, ended: true };
    commands.push(speech({ type: 'reply-ended', text: speaking.message }));
  }
  const spoken = [
    ...new Set([...s.spoken, ...messages.filter((m) => m.speaker === 'AI').map((m) => m.id)]),
  ];
  const answersUnsent = outbox.filter(isAnswer);
  const unsentIds = new Set(answersUnsent.map((a) => a.id));
  const local = s.messages.filter((m) => unsentIds.has(m.id));
  // Restored after a reload (see LiveSession): shown until the server has them.
  const restored = answersUnsent
    .filter((a) => !local.some((m) => m.id === a.id))
    .map<TranscriptEntry>((a) => ({
      id: a.id,
      seq: 0,
      speaker: 'User',
      message: a.text,
      timestamp: new Date(now).toISOString(),
      sending: true,
    }));
  const state: SessionState = {
    ...s,
    outbox,
    voice,
    spoken,
    // What streamed of a reply still owed stays on screen until it comes again.
    streaming: voice && !voice.ended ? s.streaming : null,
    messages: [...messages.map((m) => entry(m, s.heard)), ...local, ...restored],
    // What the server counted; it counts on while this page is in the interview (decision 038).
    clock: interview.startedAt
      ? { elapsedMs: interview.elapsedMs, at: now, running: interview.status === 'in_progress' }
      : null,
    durationMinutes: interview.duration,
    completed: interview.engineCompleted,
    completionReason: interview.completionReason,
    attemptStatus: interview.status,
    ready: true,
    notice: null,
  };

  if (interview.status === 'completed') {
    // Ended while this page was away (a reload, a reconnect while the report was generated):
    // the check of the answers while it is open, else the report page waits for the report.
    return {
      state: { ...state, endStage: 'generating' },
      commands: [
        ...commands,
        { type: 'navigate', to: interview.checkUntil ? checkPage(s) : reportPage(s) },
      ],
    };
  }
  if (interview.status === 'cancelled')
    return { state, commands: [...commands, { type: 'navigate', to: '/history' }] };

  if (interview.completionReason === 'time-up')
    commands.push({ type: 'timer', name: 'grace', at: graceDeadline(state, now) });
  // What the server does not have yet goes again, in the order it was said, with the same ids.
  for (const frame of outbox) commands.push({ type: 'send', frame });
  const owed =
    answersUnsent.length > 0 ||
    (!interview.engineCompleted && (messages.length === 0 || messages.at(-1)?.speaker === 'User'));
  if (owed) {
    // The introduction (or a reply) is on its way: listen only after it was spoken.
    commands.push(speech({ type: 'expect-reply' }), {
      type: 'timer',
      name: 'owedReply',
      at: now + VOICE.owedReplyTimeoutMs,
    });
  } else if (!voice || voice.ended) commands.push(speech({ type: 'resume' }));
  return { state, commands };
}

function onReplyEnd(s: SessionState, message: ConversationMessage, now: number): Step {
  const heardStored = message.meta?.heard !== undefined;
  const outbox = heardStored
    ? s.outbox.filter((o) => isAnswer(o) || o.replyId !== message.id)
    : s.outbox;
  const state: SessionState = {
    ...s,
    outbox,
    streaming: null,
    messages: [...s.messages.filter((m) => m.id !== message.id), entry(message, s.heard)],
    clock: s.clock ?? { elapsedMs: 0, at: now, running: true },
  };
  if (s.voice?.id === message.id && !s.voice.ended) {
    // The stored text is authoritative: the voice says what it adds (or the apology instead).
    state.voice = { ...s.voice, ended: true };
    return { state, commands: [speech({ type: 'reply-ended', text: message.message })] };
  }
  if (!s.spoken.includes(message.id) && s.endStage === 'live') {
    // A stored reply without a stream before it is spoken whole.
    state.voice = { id: message.id, ended: true, again: false };
    state.spoken = [...s.spoken, message.id];
    return { state, commands: [speech({ type: 'reply-ended', text: message.message })] };
  }
  // Said before (a repeated reply), or arriving after End: not spoken again.
  if (!s.spoken.includes(message.id)) state.spoken = [...s.spoken, message.id];
  return { state, commands: s.endStage === 'live' ? [speech({ type: 'resume' })] : [] };
}

function onError(s: SessionState, f: Extract<ServerFrame, { type: 'error' }>): Step {
  const dropAnswer = (id: string | undefined) =>
    id ? s.outbox.filter((o) => !(isAnswer(o) && o.id === id)) : s.outbox;
  switch (f.code) {
    case 'not_complete':
      if (s.endStage !== 'ending') return { state: s, commands: [] };
      return {
        state: { ...s, endStage: 'confirm' },
        commands: [{ type: 'clear-timer', name: 'endAnswer' }],
      };
    case 'protocol_mismatch':
      // This page is older or newer than the server: nothing more goes over the channel; what
      // was said and not confirmed is kept for the reload (LiveSession keeps the outbox).
      return {
        state: { ...s, outdated: true, status: 'idle', ready: false },
        commands: [{ type: 'close-channel' }, speech({ type: 'end-turns' })],
      };
    case 'internal':
      if (f.id) {
        // The answer was not taken: the interviewer asks for it again.
        const failedId = f.id;
        return {
          state: {
            ...s,
            outbox: dropAnswer(failedId),
            voice: null,
            messages: s.messages.map((m) =>
              m.id === failedId ? { ...m, sending: false, failed: true } : m,
            ),
          },
          commands: [speech({ type: 'say', text: f.message })],
        };
      }
      return { state: { ...s, notice: f.message }, commands: [speech({ type: 'resume' })] };
    case 'interview_ended':
      return {
        state: {
          ...s,
          outbox: dropAnswer(f.id),
          messages: s.messages.map((m) => (m.id === f.id ? { ...m, sending: false } : m)),
          notice: f.message,
          completed: true,
        },
        commands: [speech({ type: 'resume' })],
      };
    case 'credits_exhausted':
      // The attempt's first answer was refused (no credit left): not stored, and said why. The
      // attempt is not over; the candidate may end it or come back once credits are available.
      return {
        state: {
          ...s,
          outbox: dropAnswer(f.id),
          messages: s.messages.map((m) =>
            m.id === f.id ? { ...m, sending: false, failed: true } : m,
          ),
          notice: f.message,
        },
        commands: [speech({ type: 'resume' })],
      };
    case 'bad_frame':
      return { state: s, commands: [] };
    default:
      return { state: { ...s, notice: f.message }, commands: [speech({ type: 'resume' })] };
  }
}
