import {
  LIMITS,
  VOICE,
  type ClientFrame,
  type CompletionReason,
  type ConversationMessage,
  type InterviewStatus,
  type ServerFrame,
} from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/session';
import { createBrowserSpeaker, recognitionConstructor } from '@/lib/voice/browser-speaker';
import { LiveClient, type ConnectionStatus } from '@/lib/voice/live-client';
import {
  INITIAL_TURN_STATE,
  TurnController,
  type TurnState,
  type TypedResult,
} from '@/lib/voice/turn-controller';
import { realClock } from '@/lib/voice/types';

/** A transcript line: the stored message, or the candidate's answer on its way to the server. */
export interface TranscriptEntry extends ConversationMessage {
  /** Sent, not acknowledged yet (kept and re-sent after a reconnect). */
  sending?: boolean;
  /** The server could not take it; the candidate was asked to repeat. */
  failed?: boolean;
  /** The interviewer was cut off: what the candidate actually heard. */
  heard?: string;
}

export type EndResult = 'ended' | 'not_complete' | 'failed';

export interface LiveInterview {
  status: ConnectionStatus;
  /** Connected and the conversation so far is known: the microphone may open. */
  ready: boolean;
  messages: TranscriptEntry[];
  /** The interviewer's reply as it streams in. */
  streaming: string | null;
  turn: TurnState;
  /** The server decided the interview is over (the candidate still ends it). */
  completed: boolean;
  /** Why, once known (time-up leaves a grace period for an answer being given). */
  completionReason: CompletionReason | null;
  /** The attempt's status on the server, once known. */
  attemptStatus: InterviewStatus | null;
  notice: string | null;
  startedAt: number | null;
  /** The attempt's length in minutes, from the server. */
  durationMinutes: number | null;
  enableMic(): void;
  disableMic(): void;
  setThinking(on: boolean): void;
  stopInterviewer(): void;
  sendTyped(text: string): TypedResult;
  /** Held-back words (a possible echo of the interviewer): send them with the answer, or drop them. */
  sendHeldBack(): void;
  discardHeldBack(): void;
  end(early: boolean): Promise<EndResult>;
}

type AnswerFrame = Extract<ClientFrame, { type: 'answer' }>;

const NOT_COMPLETE = 'Interview is not yet complete';

/** What was heard of interrupted replies, kept for this tab so a reload still shows it. */
const heardKey = (interviewId: string) => `candor.heard.${interviewId}`;
function loadHeard(interviewId: string): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(heardKey(interviewId)) ?? '{}') as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}
function saveHeard(interviewId: string, id: string, heard: string) {
  try {
    sessionStorage.setItem(
      heardKey(interviewId),
      JSON.stringify({ ...loadHeard(interviewId), [id]: heard }),
    );
  } catch {
    // storage full or blocked: only the reload loses the mark
  }
}
const withHeard = (messages: ConversationMessage[], heard: Record<string, string>) =>
  messages.map((m) => (heard[m.id] === undefined ? m : { ...m, heard: heard[m.id] }));
/** A reply the server owes that has not started by then is given up on: the candidate speaks. */
const OWED_REPLY_TIMEOUT_MS = 15_000;
/** The server closed this tab's channel because a newer one opened the same interview. */
export const REPLACED_NOTICE =
  'This interview is open in another tab or window. Reload this page to continue here.';

/** Glues the live channel, the turn controller and React state for one attempt. */
export function useLiveInterview(
  interviewId: string,
  options: { language: string; voice: () => SpeechSynthesisVoice | null; voiceMode: boolean },
): LiveInterview {
  const [status, setStatus] = useState<ConnectionStatus>('idle');
  /** The conversation so far arrived (after each connect). */
  const [ready, setReady] = useState(false);
  const [messages, setMessages] = useState<TranscriptEntry[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [turn, setTurn] = useState<TurnState>(INITIAL_TURN_STATE);
  const [completed, setCompleted] = useState(false);
  const [completionReason, setCompletionReason] = useState<CompletionReason | null>(null);
  const [durationMinutes, setDurationMinutes] = useState<number | null>(null);
  const [attemptStatus, setAttemptStatus] = useState<InterviewStatus | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const client = useRef<LiveClient | null>(null);
  const controller = useRef<TurnController | null>(null);
  const endWaiter = useRef<((r: EndResult) => void) | null>(null);
  /** Answers sent and not acknowledged: re-sent after a reconnect, never lost. */
  const outbox = useRef(new Map<string, AnswerFrame>());
  const voiceRef = useRef(options.voice);
  useEffect(() => {
    voiceRef.current = options.voice;
  });
  const queryClient = useQueryClient();

  useEffect(() => {
    const outgoing = outbox.current;
    /** Replies already spoken: a reply repeated after a reconnect is not said twice. */
    const spoken = new Set<string>();
    let replyId: string | null = null;
    let speakingReply = false;
    /** What was heard of the reply being spoken, when the candidate cut it off. */
    let interruptedHeard: string | null = null;
    let owedTimer: ReturnType<typeof setTimeout> | undefined;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    /**
     * Time ran out: an answer being given is still taken by the server for a grace period. If
     * silence has not sent it by shortly before the grace ends, it is sent as it is.
     */
    const onTimeUp = (startedAt: string | null, duration: number) => {
      const deadline = startedAt
        ? Date.parse(startedAt) + duration * 60_000 + LIMITS.answerGraceSeconds * 1000
        : Date.now() + LIMITS.answerGraceSeconds * 1000;
      clearTimeout(graceTimer);
      graceTimer = setTimeout(
        () => tc.flush(),
        Math.max(0, deadline - VOICE.graceSafetyMs - Date.now()),
      );
    };
    let attempt: { startedAt: string | null; duration: number } = { startedAt: null, duration: 0 };

    const send = (frame: AnswerFrame) => {
      outgoing.set(frame.id, frame);
      if (!client.current?.send(frame))
        setNotice('Connection lost — reconnecting. Your answer will be sent when it is back.');
    };

    const tc = new TurnController({
      // Looked up on every start, so a stand-in injected before load is what runs.
      createRecognition: () => {
        if (!options.voiceMode) return null;
        const Recognition = recognitionConstructor();
        return Recognition ? new Recognition() : null;
      },
      speaker: createBrowserSpeaker(() => voiceRef.current()),
      clock: realClock,
      language: options.language,
      onAnswer: (text, meta) => {
        const id = crypto.randomUUID();
        setMessages((m) => [
          ...m,
          {
            id,
            seq: m.length + 1,
            speaker: 'User',
            message: text,
            timestamp: new Date().toISOString(),
            meta,
            sending: true,
          },
        ]);
        send({ type: 'answer', id, text, ...meta });
      },
      onChange: setTurn,
      onInterrupted: (heard) => {
        const id = replyId;
        if (id) {
          setMessages((m) => m.map((x) => (x.id === id ? { ...x, heard } : x)));
          saveHeard(interviewId, id, heard);
        }
        interruptedHeard = heard;
      },
    });
    controller.current = tc;
    tc.start();

    const onFrame = (f: ServerFrame) => {
      switch (f.type) {
        case 'state': {
          const stored = new Set(f.messages.map((m) => m.id));
          for (const id of [...outgoing.keys()]) if (stored.has(id)) outgoing.delete(id);
          f.messages.forEach((m) => m.speaker === 'AI' && spoken.add(m.id));
          const heard = loadHeard(interviewId);
          setMessages((local) => [
            ...withHeard(f.messages, heard),
            ...local.filter((m) => outgoing.has(m.id)),
          ]);
          setStartedAt(f.interview.startedAt ? Date.parse(f.interview.startedAt) : null);
          setDurationMinutes(f.interview.duration);
          attempt = { startedAt: f.interview.startedAt, duration: f.interview.duration };
          setCompleted(f.interview.engineCompleted);
          setCompletionReason(f.interview.completionReason);
          if (f.interview.completionReason === 'time-up')
            onTimeUp(attempt.startedAt, attempt.duration);
          setAttemptStatus(f.interview.status);
          // What the server does not have yet goes again, in order.
          for (const frame of outgoing.values()) client.current?.send(frame);
          const owed =
            outgoing.size > 0 ||
            (!f.interview.engineCompleted &&
              (f.messages.length === 0 || f.messages.at(-1)?.speaker === 'User'));
          if (owed) {
            // The introduction (or a reply) is on its way: listen only after it was spoken.
            tc.expectReply();
            clearTimeout(owedTimer);
            owedTimer = setTimeout(() => tc.resume(), OWED_REPLY_TIMEOUT_MS);
          } else tc.resume();
          setReady(true);
          setNotice(null);
          break;
        }
        case 'ack':
          outgoing.delete(f.id);
          setMessages((m) =>
            m.map((x) => (x.id === f.id ? { ...x, seq: f.seq, sending: false } : x)),
          );
          break;
        case 'reply.start':
          clearTimeout(owedTimer);
          replyId = f.id;
          speakingReply = !spoken.has(f.id);
          interruptedHeard = null;
          setStreaming('');
          if (speakingReply) tc.replyStarted();
          break;
        case 'reply.delta':
          setStreaming((s) => (s ?? '') + f.text);
          if (speakingReply && f.id === replyId) tc.replyDelta(f.text);
          break;
        case 'reply.end': {
          const message = f.message;
          const again = spoken.has(message.id);
          const heard = message.id === replyId ? interruptedHeard : null;
          spoken.add(message.id);
          setStreaming(null);
          setMessages((m) => [
            ...m.filter((x) => x.id !== message.id),
            heard === null ? message : { ...message, heard },
          ]);
          setStartedAt((s) => s ?? Date.now());
          if (!again) tc.replyEnded(message.message);
          else tc.resume();
          break;
        }
        case 'completed':
          setCompleted(true);
          setCompletionReason(f.reason);
          if (f.reason === 'time-up') onTimeUp(attempt.startedAt, attempt.duration);
          break;
        case 'ended':
          setAttemptStatus('completed');
          endWaiter.current?.('ended');
          break;
        case 'report':
          break;
        case 'error':
          if (f.code === 'not_complete') {
            endWaiter.current?.('not_complete');
          } else if (f.code === 'internal' && f.id) {
            // The answer was not taken: the interviewer asks for it again.
            const failedId = f.id;
            outgoing.delete(failedId);
            setMessages((m) =>
              m.map((x) => (x.id === failedId ? { ...x, sending: false, failed: true } : x)),
            );
            tc.say(f.message);
          } else if (f.code === 'interview_ended') {
            if (f.id) outgoing.delete(f.id);
            setNotice(f.message);
            setCompleted(true);
            tc.resume();
          } else if (f.code !== 'bad_frame') {
            setNotice(f.message);
            tc.resume();
          }
          break;
        case 'pong':
          break;
      }
    };
    const lc = new LiveClient(interviewId, onFrame, setStatus, (reason) => {
      if (reason === 'replaced') {
        setStatus('idle');
        setNotice(REPLACED_NOTICE);
        tc.disableMic();
        return;
      }
      // The session ended (signed out, password changed or reset elsewhere…). Asked afresh: no
      // session, and the sign-in screen takes over (returning here after); a new one in this
      // browser (it changed the password), and the channel opens again with it.
      setStatus('disconnected');
      queryClient
        .fetchQuery({ ...meQueryOptions, staleTime: 0 })
        .then((me) => me && lc.connect())
        .catch(() => setStatus('error'));
    });
    client.current = lc;
    lc.connect();
    return () => {
      clearTimeout(owedTimer);
      clearTimeout(graceTimer);
      lc.close();
      tc.dispose();
    };
    // One pipeline per attempt; language and mode are fixed once the interview starts.
  }, [interviewId]); // eslint-disable-line react-hooks/exhaustive-deps

  useAutosave(interviewId, status, messages);
  // Many failed reconnects in a row: the session may be gone (a refused handshake looks like a
  // network error to the page); asking again lets the sign-in screen take over if it is.
  useEffect(() => {
    if (status === 'error')
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  }, [status, queryClient]);

  const end = useCallback(
    (early: boolean) =>
      new Promise<EndResult>((resolve) => {
        let settled = false;
        const settle = (r: EndResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          endWaiter.current = null;
          resolve(r);
        };
        // Without an answer on the live channel, end through the REST API (same rules).
        const viaRest = () =>
          api
            .put(`/interview/${interviewId}`, { status: 'completed', early })
            .then(() => settle('ended'))
            .catch((err: unknown) =>
              settle(
                err instanceof ApiError && err.message === NOT_COMPLETE ? 'not_complete' : 'failed',
              ),
            );
        endWaiter.current = settle;
        // What the candidate said and was not sent yet goes first: ending never loses an answer.
        controller.current?.flush();
        controller.current?.disableMic();
        const timer = setTimeout(() => void viaRest(), VOICE.endAnswerTimeoutMs);
        if (!client.current?.send(early ? { type: 'end', early: true } : { type: 'end' }))
          void viaRest();
      }),
    [interviewId],
  );

  return {
    status,
    ready: ready && status === 'connected',
    messages,
    streaming,
    turn,
    completed,
    completionReason,
    attemptStatus,
    notice,
    startedAt,
    durationMinutes,
    enableMic: () => controller.current?.enableMic(),
    disableMic: () => controller.current?.disableMic(),
    setThinking: (on) => controller.current?.setThinking(on),
    stopInterviewer: () => controller.current?.stopInterviewer(),
    sendTyped: (text) => controller.current?.sendTyped(text) ?? 'busy',
    sendHeldBack: () => controller.current?.sendHeldBack(),
    discardHeldBack: () => controller.current?.discardHeldBack(),
    end,
  };
}

/**
 * The spec's autosave: every 5 s while connected, the candidate's side of a non-empty
 * conversation is PUT. The server stores each answer the moment it arrives, so this is a safety
 * net; only acknowledged answers are included (an answer still on its way is the live channel's
 * to deliver, so the engine answers it) and nothing is sent when nothing new was acknowledged.
 */
function useAutosave(interviewId: string, status: ConnectionStatus, messages: TranscriptEntry[]) {
  const latest = useRef(messages);
  const saved = useRef(new Set<string>());
  useEffect(() => {
    latest.current = messages;
  }, [messages]);
  useEffect(() => {
    if (status !== 'connected') return;
    const t = setInterval(() => {
      const answers = latest.current.filter((m) => m.speaker === 'User' && !m.sending && !m.failed);
      if (answers.length === 0 || answers.every((m) => saved.current.has(m.id))) return;
      void api
        .put(`/interview/${interviewId}`, {
          conversation: answers.map((m) => ({
            id: m.id,
            speaker: m.speaker,
            message: m.message,
            timestamp: m.timestamp,
          })),
        })
        .then(() => answers.forEach((m) => saved.current.add(m.id)))
        .catch(() => undefined);
    }, VOICE.autosaveEveryMs);
    return () => clearInterval(t);
  }, [interviewId, status]);
}
