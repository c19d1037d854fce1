import { DEFAULT_PATIENCE } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { meQueryOptions, useMe } from '@/lib/session';
import { endViaRest } from '../live/end-via-rest';
import { uploadRecording } from '../live/recording';
import { createBrowserAnswerRecorder } from '../voice/answer-recorder';
import { LiveSession, type LiveSnapshot } from '../live/live-session';
import { initialSession, sessionView } from '../live/session-state';
import { createBrowserSpeaker, recognitionConstructor } from '../voice/browser-speaker';
import { createWebAudioPlayer } from '../voice/server-speaker';
import { createVadDetector } from '../voice/vad-detector';
import { INITIAL_TURN_STATE, type TypedResult } from '../voice/turn-controller';
import { realClock } from '../voice/types';

export type { TranscriptEntry } from '../live/session-state';

/** The live session as the screens use it: what to show, and what the candidate can do. */
export interface LiveInterview extends LiveSnapshot {
  enableMic(): void;
  disableMic(): void;
  setThinking(on: boolean): void;
  /** The candidate typed in the code editor: the silence rule waits. */
  noteTyping(): void;
  stopInterviewer(): void;
  sendTyped(text: string): TypedResult;
  /** Held-back words (a possible echo of the interviewer): send them with the answer, or drop them. */
  sendHeldBack(): void;
  discardHeldBack(): void;
  /** End Interview (`early` once the candidate confirmed ending before it is complete). */
  end(early: boolean): void;
  /** Back to the interview from the confirmation or a failure to end. */
  back(): void;
}

const IDLE: LiveSnapshot = {
  ...sessionView(initialSession('')),
  turn: INITIAL_TURN_STATE,
  serverRecognition: false,
};
const noSubscription = () => () => undefined;

/** Glue between React and the attempt's LiveSession: one per attempt while the screen is open. */
export function useLiveInterview(
  interviewId: string,
  options: { language: string; voice: () => SpeechSynthesisVoice | null; voiceMode: boolean },
): LiveInterview {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<LiveSession | null>(null);
  // The candidate's patience at the end of an answer (decision 037), read at every tick: a change
  // made in another tab applies from the next answer.
  const patience = useMe().data?.patience ?? DEFAULT_PATIENCE;
  const latest = useRef({ options, navigate, patience });
  useEffect(() => {
    latest.current = { options, navigate, patience };
  });

  useEffect(() => {
    const s = new LiveSession({
      interviewId,
      clock: realClock,
      turns: {
        // Looked up on every start, so a stand-in injected before load is what runs.
        createRecognition: () => {
          if (!latest.current.options.voiceMode) return null;
          const Recognition = recognitionConstructor();
          return Recognition ? new Recognition() : null;
        },
        speaker: createBrowserSpeaker(() => latest.current.options.voice()),
        // Fixed once the interview starts.
        language: latest.current.options.language,
        // Each spoken answer's audio, kept for the report (issue 14); none in typed mode.
        recorder: latest.current.options.voiceMode ? createBrowserAnswerRecorder(realClock) : null,
        patience: () => latest.current.patience,
      },
      keepRecording: (answerId, audio) =>
        uploadRecording(interviewId, answerId, audio.blob, audio.durationMs),
      navigate: (to) => latest.current.navigate(to, { replace: true }),
      endViaRest: (early) => endViaRest(interviewId, early),
      checkSession: () =>
        queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).then((me) => Boolean(me)),
      store: typeof sessionStorage === 'undefined' ? null : sessionStorage,
      // Used only when the server says it recognises or speaks (the `state` frame); the detector's
      // code and model load on first use.
      speech:
        typeof AudioContext === 'undefined'
          ? undefined
          : { createDetector: createVadDetector, player: createWebAudioPlayer() },
    });
    setSession(s);
    s.start();
    return () => s.dispose();
  }, [interviewId, queryClient]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    () => session?.getSnapshot() ?? IDLE,
  );

  // Many failed reconnects in a row: the session may be gone (a refused handshake looks like a
  // network error to the page); asking again lets the sign-in screen take over if it is.
  useEffect(() => {
    if (snapshot.status === 'error')
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  }, [snapshot.status, queryClient]);

  return {
    ...snapshot,
    enableMic: () => session?.enableMic(),
    disableMic: () => session?.disableMic(),
    setThinking: (on) => session?.setThinking(on),
    noteTyping: () => session?.noteTyping(),
    stopInterviewer: () => session?.stopInterviewer(),
    sendTyped: (text) => session?.sendTyped(text) ?? 'busy',
    sendHeldBack: () => session?.sendHeldBack(),
    discardHeldBack: () => session?.discardHeldBack(),
    end: (early) => session?.end(early),
    back: () => session?.back(),
  };
}
