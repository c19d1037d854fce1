import type { ConversationMessage } from '@candor/shared';
import { Brain, Mic, MicOff, PanelRightClose, PanelRightOpen, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import type { LiveInterview } from '../hooks/use-live-interview';
import { InterviewerAvatar, SoundWave } from './avatar';

const mmss = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function useElapsed(startedAt: number | null, running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return startedAt ? now - startedAt : 0;
}

export function LiveScreen({
  title,
  categoryName,
  live,
  typed,
  micDenied,
  onEnd,
}: {
  title: string;
  categoryName: string;
  live: LiveInterview;
  typed: boolean;
  micDenied: boolean;
  onEnd: () => void;
}) {
  const [showTranscript, setShowTranscript] = useState(true);
  const [draft, setDraft] = useState('');
  const elapsed = useElapsed(live.startedAt, live.status === 'connected');
  const { turn } = live;
  const aiSpeaking = turn.phase === 'speaking';
  const waiting = turn.phase === 'waiting';
  const micStatus = !turn.micEnabled
    ? 'Microphone is off'
    : aiSpeaking
      ? 'AI speaking - mic auto-off'
      : turn.recording
        ? 'Listening...'
        : waiting
          ? 'Waiting for AI...'
          : 'Ready to listen';
  const statusLine = waiting
    ? 'Analyzing your response...'
    : aiSpeaking
      ? 'Speaking...'
      : turn.recording && (turn.interim || turn.pending)
        ? 'Listening to your answer...'
        : 'Ready for your response';
  const panelStatus = turn.recording
    ? 'Recording'
    : waiting
      ? 'AI Thinking'
      : aiSpeaking
        ? 'AI Speaking'
        : 'Ready';
  const endRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [live.messages.length, live.streaming]);

  const send = () => {
    if (live.sendTyped(draft)) setDraft('');
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-950 text-slate-100 lg:flex-row">
      <main className="relative flex flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-slate-800 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-semibold">{title}</p>
            <p className="text-xs text-slate-400" role="status" aria-live="polite">
              {micStatus}
              {live.status !== 'connected'
                ? ` · ${live.status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}`
                : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span
              className="rounded-md bg-slate-800 px-3 py-1 font-mono text-lg tabular-nums"
              aria-label="Elapsed time"
            >
              {mmss(elapsed)}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="text-slate-100 hover:bg-slate-800"
              aria-label={showTranscript ? 'Hide transcript' : 'Show transcript'}
              onClick={() => setShowTranscript(!showTranscript)}
            >
              {showTranscript ? <PanelRightClose /> : <PanelRightOpen />}
            </Button>
          </div>
        </header>
        <div className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
          <InterviewerAvatar speaking={aiSpeaking} thinking={waiting} />
          <p className="text-lg font-medium" data-testid="status-line">
            {statusLine}
          </p>
          {turn.interim || turn.pending ? (
            <p
              className="max-w-xl rounded-2xl bg-slate-800 px-4 py-3 text-slate-200"
              data-testid="partial-transcript"
            >
              {turn.pending} <span className="text-slate-400">{turn.interim}</span>
            </p>
          ) : null}
          {turn.thinking ? (
            <p className="rounded-full bg-yellow-500/20 px-4 py-1 text-sm text-yellow-200">
              Take your time — the interviewer is waiting while you think.
            </p>
          ) : null}
          {!typed && !turn.micEnabled ? (
            <div
              className="max-w-md rounded-lg border border-yellow-500/40 bg-yellow-500/10 px-4 py-3 text-sm text-yellow-100"
              role="alert"
            >
              <p className="font-semibold">Microphone is disabled</p>
              <p>
                {micDenied || turn.error === 'Microphone permission denied'
                  ? 'Microphone permission denied. Allow the microphone in your browser settings, or type your answers below.'
                  : 'Click the mic button to answer out loud.'}
              </p>
            </div>
          ) : null}
          {turn.error && turn.error !== 'Microphone permission denied' ? (
            <p className="text-sm text-red-300">{turn.error}</p>
          ) : null}
          {live.notice ? <p className="max-w-xl text-sm text-amber-200">{live.notice}</p> : null}
          {live.completed ? (
            <Banner tone="info">
              The interview is complete. Click End Interview to get your report.
            </Banner>
          ) : null}
          <SoundWave active={turn.recording && !!(turn.interim || turn.pending)} />
          {typed || micDenied ? (
            <div className="flex w-full max-w-xl gap-2">
              <label htmlFor="typed-answer" className="sr-only">
                Type your answer
              </label>
              <Textarea
                id="typed-answer"
                rows={3}
                placeholder="Type your answer"
                value={draft}
                className="border-slate-700 bg-slate-900 text-slate-100"
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
                }}
              />
              <Button
                onClick={send}
                disabled={!draft.trim() || waiting || aiSpeaking}
                aria-label="Send"
              >
                <Send aria-hidden /> Send
              </Button>
            </div>
          ) : null}
        </div>
        {!typed ? (
          <div className="pointer-events-none absolute bottom-6 left-0 right-0 flex justify-center gap-3">
            <Button
              size="icon"
              className={cn(
                'pointer-events-auto size-16 rounded-full shadow-xl',
                turn.micEnabled
                  ? 'bg-red-500 hover:bg-red-600'
                  : 'bg-indigo-500 hover:bg-indigo-600',
              )}
              aria-label={turn.micEnabled ? 'Turn microphone off' : 'Turn microphone on'}
              aria-pressed={turn.micEnabled}
              onClick={() => (turn.micEnabled ? live.disableMic() : live.enableMic())}
            >
              {turn.micEnabled ? <Mic className="size-7" /> : <MicOff className="size-7" />}
            </Button>
            <Button
              variant="secondary"
              className="pointer-events-auto h-16 rounded-full px-5"
              aria-pressed={turn.thinking}
              onClick={() => live.setThinking(!turn.thinking)}
            >
              <Brain aria-hidden /> Thinking
            </Button>
          </div>
        ) : null}
      </main>
      {showTranscript ? (
        <aside
          className="flex max-h-[50vh] w-full flex-col border-t border-slate-800 bg-slate-900 lg:max-h-none lg:w-96 lg:border-l lg:border-t-0"
          aria-label="Transcript"
        >
          <div className="flex items-center justify-between border-b border-slate-800 px-4 py-3">
            <div>
              <p className="font-semibold">Transcript</p>
              <p className="text-xs text-slate-400">
                {live.messages.length} messages · {categoryName}
              </p>
            </div>
          </div>
          <ol className="flex-1 space-y-3 overflow-y-auto p-4 text-sm" data-testid="transcript">
            {live.messages.map((m: ConversationMessage) => (
              <li
                key={m.id}
                data-speaker={m.speaker}
                className={cn(
                  'rounded-lg p-3',
                  m.speaker === 'AI' ? 'bg-slate-800' : 'bg-indigo-600/30',
                )}
              >
                <p className="mb-1 flex justify-between text-xs text-slate-400">
                  <span className="font-semibold text-slate-200">
                    {m.speaker === 'AI' ? 'Interviewer' : 'You'}
                  </span>
                  <time>{new Date(m.timestamp).toLocaleTimeString()}</time>
                </p>
                <p className="whitespace-pre-wrap">{m.message}</p>
              </li>
            ))}
            {live.streaming ? (
              <li className="rounded-lg bg-slate-800 p-3">
                <p className="mb-1 text-xs font-semibold text-slate-200">Interviewer</p>
                <p>{live.streaming}</p>
              </li>
            ) : null}
            <li ref={endRef} aria-hidden />
          </ol>
          <div className="border-t border-slate-800 p-4">
            <p className="mb-2 text-xs text-slate-400">
              Status: <span className="font-medium text-slate-200">{panelStatus}</span>
            </p>
            <Button variant="destructive" className="w-full" onClick={onEnd}>
              End Interview
            </Button>
          </div>
        </aside>
      ) : null}
    </div>
  );
}
