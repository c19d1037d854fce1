import { VOICE, type ConversationMessage } from '@candor/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { createBrowserSpeaker, recognitionConstructor } from '@/lib/voice/browser-speaker';
import { LiveClient, type ConnectionStatus, type ServerFrame } from '@/lib/voice/live-client';
import { TurnController, type TurnState } from '@/lib/voice/turn-controller';
import { realClock } from '@/lib/voice/types';

export interface LiveInterview {
  status: ConnectionStatus;
  messages: ConversationMessage[];
  /** The interviewer's reply as it streams in. */
  streaming: string | null;
  turn: TurnState;
  completed: boolean;
  notice: string | null;
  startedAt: number | null;
  enableMic(): void;
  disableMic(): void;
  setThinking(on: boolean): void;
  sendTyped(text: string): boolean;
  end(early: boolean): Promise<'ended' | 'not_complete' | 'failed'>;
}

/** Glues the live channel, the turn controller and React state for one attempt. */
export function useLiveInterview(
  interviewId: string,
  options: { language: string; voice: () => SpeechSynthesisVoice | null; voiceMode: boolean },
): LiveInterview {
  const [status, setStatus] = useState<ConnectionStatus>('idle');
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [turn, setTurn] = useState<TurnState>({
    micEnabled: false,
    recording: false,
    phase: 'idle',
    interim: '',
    pending: '',
    thinking: false,
    error: null,
  });
  const [completed, setCompleted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const client = useRef<LiveClient | null>(null);
  const controller = useRef<TurnController | null>(null);
  const endWaiter = useRef<((r: 'ended' | 'not_complete' | 'failed') => void) | null>(null);
  const voiceRef = useRef(options.voice);
  useEffect(() => {
    voiceRef.current = options.voice;
  });

  useEffect(() => {
    const ctor = recognitionConstructor();
    const tc = new TurnController({
      createRecognition: () => (options.voiceMode && ctor ? new ctor() : null),
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
          } as ConversationMessage,
        ]);
        const sent = client.current?.send({
          type: 'answer',
          id,
          text,
          mode: options.voiceMode && meta.segments?.length ? 'voice' : 'typed',
          ...meta,
        });
        if (!sent) {
          setNotice(
            'Connection lost — reconnecting. Your answer will be kept once the connection is back.',
          );
          tc.answerFailed();
        }
      },
      onChange: setTurn,
    });
    controller.current = tc;
    tc.start();

    const onFrame = (f: ServerFrame) => {
      switch (f.type) {
        case 'state': {
          const interview = f.interview as { startedAt: string | null; engineCompleted: boolean };
          setMessages(f.messages as ConversationMessage[]);
          setStartedAt(interview.startedAt ? Date.parse(interview.startedAt) : Date.now());
          setCompleted(interview.engineCompleted);
          break;
        }
        case 'reply.start':
          setStreaming('');
          tc.replyStarted();
          break;
        case 'reply.delta':
          setStreaming((s) => (s ?? '') + String(f.text));
          tc.replyDelta(String(f.text));
          break;
        case 'reply.end': {
          const message = f.message as ConversationMessage;
          setStreaming(null);
          setMessages((m) => [...m.filter((x) => x.id !== message.id), message]);
          setStartedAt((s) => s ?? Date.now());
          tc.replyEnded(message.message);
          break;
        }
        case 'completed':
          setCompleted(true);
          break;
        case 'ended':
          endWaiter.current?.('ended');
          break;
        case 'error':
          if (f.code === 'not_complete') endWaiter.current?.('not_complete');
          else if (f.code === 'internal' || f.code === 'interview_ended') {
            setNotice(String(f.message));
            tc.answerFailed();
          }
          break;
        default:
          break;
      }
    };
    const lc = new LiveClient(interviewId, onFrame, setStatus);
    client.current = lc;
    lc.connect();
    return () => {
      lc.close();
      tc.dispose();
    };
    // One pipeline per attempt; language and mode are fixed once the interview starts.
  }, [interviewId]); // eslint-disable-line react-hooks/exhaustive-deps

  // Autosave: the server already stores every answer; this is the safety net of the spec.
  const latest = useRef(messages);
  useEffect(() => {
    latest.current = messages;
  }, [messages]);
  useEffect(() => {
    const t = setInterval(() => {
      const conversation = latest.current.filter((m) => m.speaker === 'User');
      if (status !== 'connected' || conversation.length === 0) return;
      void api
        .put(`/interview/${interviewId}`, {
          conversation: conversation.map((m) => ({
            id: m.id,
            speaker: m.speaker,
            message: m.message,
            timestamp: m.timestamp,
          })),
        })
        .catch(() => undefined);
    }, VOICE.autosaveEveryMs);
    return () => clearInterval(t);
  }, [interviewId, status]);

  const end = useCallback(
    (early: boolean) =>
      new Promise<'ended' | 'not_complete' | 'failed'>((resolve) => {
        endWaiter.current = resolve;
        controller.current?.disableMic();
        if (!client.current?.send(early ? { type: 'end', early: true } : { type: 'end' }))
          resolve('failed');
      }),
    [],
  );

  return {
    status,
    messages,
    streaming,
    turn,
    completed,
    notice,
    startedAt,
    enableMic: () => controller.current?.enableMic(),
    disableMic: () => controller.current?.disableMic(),
    setThinking: (on) => controller.current?.setThinking(on),
    sendTyped: (text) => controller.current?.sendTyped(text) ?? false,
    end,
  };
}
