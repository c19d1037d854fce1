import {
  Brain,
  Keyboard,
  Mic,
  MicOff,
  PanelRightClose,
  PanelRightOpen,
  Send,
  SkipForward,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import type { Microphone } from '../voice/microphone';
import type { TypedResult } from '../voice/turn-controller';
import type { LiveInterview } from '../hooks/use-live-interview';
import { InterviewerAvatar, SoundWave } from './avatar';
import { CurrentQuestion } from './current-question';
import { HeldBack } from './held-back';
import { LiveTimer } from './live-timer';
import { SAME_RULES, micStatusText, panelStatusText, statusLineText } from './live-status';
import { TranscriptPanel } from './transcript-panel';

export { mmss } from './live-timer';

/**
 * What another feature shows beside the conversation for the question being asked: the coding
 * round's editor (composed in the app's interview route; features never import each other).
 */
export type QuestionWorkspace = (ctx: {
  /** The fixed question last asked, or null before one (or in a topic interview). */
  questionIndex: number | null;
  ended: boolean;
  /** Typing in the workspace holds the silence rule, as speaking does. */
  onTyping: () => void;
}) => ReactNode;

/** The fixed question the interviewer asked last (follow-ups and acknowledgements keep it). */
function askedQuestionIndex(messages: LiveInterview['messages']): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const index = messages[i]!.meta?.questionIndex;
    if (messages[i]!.speaker === 'AI' && index !== undefined) return index;
  }
  return null;
}

const TYPED_REFUSED: Record<Exclude<TypedResult, 'sent'>, string> = {
  empty: 'There is nothing to send yet: type your answer first.',
  busy: 'The interviewer has the floor: send your answer once it has finished.',
};

const CONNECTION_TEXT: Record<LiveInterview['status'], string> = {
  idle: '',
  connected: '',
  connecting: ' · Connecting…',
  disconnected: ' · Reconnecting…',
  error: ' · Cannot reach the server — still trying…',
};

const wide = () =>
  typeof window !== 'undefined' && window.matchMedia('(min-width: 1024px)').matches;

export function LiveScreen({
  title,
  categoryName,
  live,
  typed,
  recognitionAvailable,
  microphone,
  micDenied,
  onEnd,
  workspace,
}: {
  title: string;
  categoryName: string;
  live: LiveInterview;
  /** The interview is answered by typing (chosen, or no speech recognition). */
  typed: boolean;
  recognitionAvailable: boolean;
  microphone: Microphone | null;
  micDenied: boolean;
  onEnd: () => void;
  workspace?: QuestionWorkspace;
}) {
  // The panel starts open where there is room beside the interviewer.
  const [showTranscript, setShowTranscript] = useState(wide);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const [typedRefused, setTypedRefused] = useState<string | null>(null);
  const { turn } = live;
  const aiSpeaking = turn.phase === 'speaking';
  const waiting = turn.phase === 'waiting';
  const candidatesTurn = !aiSpeaking && !waiting;
  const denied = micDenied || turn.failure === 'mic-denied';
  const showTypingBox = typed || denied || typing;
  const midAnswer = Boolean(turn.pending || turn.interim);
  const timeUpMidAnswer = live.completed && live.completionReason === 'time-up' && midAnswer;

  const send = () => {
    const result = live.sendTyped(draft);
    setTypedRefused(result === 'sent' ? null : TYPED_REFUSED[result]);
    if (result === 'sent') setDraft('');
  };
  const toggleMic = () => {
    microphone?.resume();
    if (turn.micEnabled) live.disableMic();
    else live.enableMic();
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground lg:h-dvh lg:flex-row">
      <main className="flex min-h-[70dvh] flex-1 flex-col lg:min-h-0">
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-border bg-card px-4 py-3">
          <div className="min-w-0 flex-1">
            <h1 className="line-clamp-2 font-semibold sm:truncate">{title}</h1>
            <p className="text-xs text-muted-foreground" role="status" aria-live="polite">
              {micStatusText(turn, typed)}
              {CONNECTION_TEXT[live.status]}
            </p>
          </div>
          {/* On a phone the times get a row of their own, under the title and the buttons. */}
          <LiveTimer
            className="order-last w-full sm:order-none sm:w-auto"
            clock={live.clock}
            durationMinutes={live.durationMinutes}
            running={live.status === 'connected'}
          />
          <div className="flex items-center gap-2">
            {!showTranscript ? (
              <Button variant="destructive" size="sm" onClick={onEnd}>
                End Interview
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="icon"
              aria-label={showTranscript ? 'Hide transcript' : 'Show transcript'}
              aria-pressed={showTranscript}
              onClick={() => setShowTranscript(!showTranscript)}
            >
              {showTranscript ? <PanelRightClose /> : <PanelRightOpen />}
            </Button>
          </div>
        </header>

        <div className="flex flex-1 flex-col items-center justify-center gap-4 overflow-y-auto p-4 text-center sm:gap-5 sm:p-6">
          <CurrentQuestion messages={live.messages} streaming={live.streaming} />
          {workspace?.({
            questionIndex: askedQuestionIndex(live.messages),
            ended: live.attemptStatus === 'completed' || live.attemptStatus === 'cancelled',
            onTyping: live.noteTyping,
          })}
          <InterviewerAvatar speaking={aiSpeaking} thinking={waiting} />
          <p className="text-lg font-medium" data-testid="status-line" aria-live="polite">
            {statusLineText(turn, typed, live.ready)}
          </p>
          <p className="max-w-xl text-xs text-muted-foreground" data-testid="same-rules">
            {SAME_RULES}
          </p>
          {aiSpeaking && turn.bargeIn ? (
            <p className="text-xs text-muted-foreground">Start talking to interrupt.</p>
          ) : null}
          {turn.interim || turn.pending ? (
            <p className="max-w-xl rounded-2xl bg-muted px-4 py-3" data-testid="partial-transcript">
              {turn.pending} <span className="text-muted-foreground">{turn.interim}</span>
            </p>
          ) : null}
          {turn.heldBack && candidatesTurn ? (
            <HeldBack
              words={turn.heldBack}
              onSend={() => live.sendHeldBack()}
              onDiscard={() => live.discardHeldBack()}
            />
          ) : null}
          <p className="sr-only" aria-live="polite">
            {turn.heldBack && candidatesTurn
              ? 'Some words were held back because they sounded like the interviewer. Send anyway or discard them.'
              : ''}
          </p>
          {turn.thinking ? (
            <p
              className="rounded-full bg-yellow-100 px-4 py-1 text-sm text-yellow-900 dark:bg-yellow-500/20 dark:text-yellow-100"
              role="status"
            >
              Take your time — the interviewer waits until you speak again.
            </p>
          ) : null}
          {!typed && !turn.micEnabled && (live.ready || denied) ? (
            <div
              className="max-w-md rounded-lg border border-yellow-500/40 bg-yellow-50 px-4 py-3 text-sm text-yellow-900 dark:bg-yellow-500/10 dark:text-yellow-100"
              role="alert"
            >
              <p className="font-semibold">Microphone is disabled</p>
              <p>
                {denied
                  ? 'Microphone permission denied. Allow the microphone in your browser settings, or type your answers below.'
                  : 'Click the mic button to answer out loud.'}
              </p>
            </div>
          ) : null}
          {!recognitionAvailable ? (
            <p className="max-w-md text-sm text-muted-foreground">
              Voice answers are not available in this browser (it has no speech recognition), so you
              type your answers. The interviewer still speaks.
            </p>
          ) : null}
          {turn.error && turn.failure !== 'mic-denied' && recognitionAvailable ? (
            <p className="max-w-md text-sm text-destructive">{turn.error}</p>
          ) : null}
          {live.notice ? (
            <p className="max-w-xl text-sm text-amber-700 dark:text-amber-300" role="status">
              {live.notice}
            </p>
          ) : null}
          {timeUpMidAnswer ? (
            <Banner tone="info">
              Time is up. Finish your answer: it will still be sent and scored. Then click End
              Interview to get your report.
            </Banner>
          ) : live.completed ? (
            <Banner tone="info">
              The interview is complete. Click End Interview to get your report.
            </Banner>
          ) : null}
          {!typed ? (
            <SoundWave
              active={turn.recording && !!(turn.interim || turn.pending)}
              microphone={microphone}
            />
          ) : null}
          {showTypingBox ? (
            <form
              className="flex w-full max-w-xl items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                send();
              }}
            >
              <label htmlFor="typed-answer" className="sr-only">
                Type your answer
              </label>
              <Textarea
                id="typed-answer"
                rows={3}
                placeholder="Type your answer (Ctrl+Enter sends)"
                value={draft}
                aria-describedby={typedRefused ? 'typed-refused' : undefined}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setTypedRefused(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    send();
                  }
                }}
              />
              <Button type="submit" disabled={!draft.trim() || waiting || aiSpeaking}>
                <Send aria-hidden /> Send
              </Button>
            </form>
          ) : null}
          {showTypingBox && turn.pending ? (
            <p className="max-w-xl text-xs text-muted-foreground">
              Your spoken words above are sent first, then what you type.
            </p>
          ) : null}
          {showTypingBox && typedRefused ? (
            <p id="typed-refused" className="max-w-xl text-sm text-destructive" role="alert">
              {typedRefused}
            </p>
          ) : null}
        </div>

        {!typed ? (
          <div className="sticky bottom-0 flex flex-wrap items-center justify-center gap-3 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            <Button
              size="icon"
              className={cn(
                'size-16 rounded-full text-white shadow-xl [&_svg]:size-7',
                turn.micEnabled
                  ? 'bg-red-600 hover:bg-red-700'
                  : 'bg-indigo-600 hover:bg-indigo-700',
              )}
              aria-label={turn.micEnabled ? 'Turn microphone off' : 'Turn microphone on'}
              aria-pressed={turn.micEnabled}
              onClick={toggleMic}
            >
              {turn.micEnabled ? <Mic aria-hidden /> : <MicOff aria-hidden />}
            </Button>
            <Button
              variant="secondary"
              className={cn(
                'h-12 rounded-full px-5',
                turn.thinking && 'bg-yellow-200 text-yellow-950 hover:bg-yellow-300',
              )}
              aria-pressed={turn.thinking}
              onClick={() => live.setThinking(!turn.thinking)}
            >
              <Brain aria-hidden /> Thinking
            </Button>
            {aiSpeaking ? (
              <Button
                variant="secondary"
                className="h-12 rounded-full px-5"
                onClick={() => live.stopInterviewer()}
              >
                <SkipForward aria-hidden /> Skip
              </Button>
            ) : null}
            {!denied ? (
              <Button
                variant="outline"
                className={cn(
                  'h-12 rounded-full px-5',
                  typing && 'border-primary bg-accent text-accent-foreground',
                )}
                aria-pressed={typing}
                onClick={() => setTyping(!typing)}
              >
                <Keyboard aria-hidden /> Type instead
              </Button>
            ) : null}
          </div>
        ) : null}
      </main>
      {showTranscript ? (
        <TranscriptPanel
          messages={live.messages}
          streaming={live.streaming}
          categoryName={categoryName}
          status={panelStatusText(turn, typed)}
          onEnd={onEnd}
        />
      ) : null}
    </div>
  );
}
