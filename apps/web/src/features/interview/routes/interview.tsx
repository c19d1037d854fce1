import { VOICE } from '@candor/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { loadVoices, recognitionConstructor } from '@/lib/voice/browser-speaker';
import { createAttempt, useInterviewSet, waitForReport } from '../api/interview-api';
import { LiveScreen } from '../components/live-screen';
import { PreStart } from '../components/pre-start';
import { useLiveInterview } from '../hooks/use-live-interview';

const LANGUAGE_KEY = 'candor.recognition-language';
const VOICE_KEY = 'candor.interviewer-voice';

/** Asks for the microphone with echo cancellation, so the interviewer's voice is not taken for an answer. */
async function requestMicrophone(): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    stream.getTracks().forEach((t) => t.stop());
    return true;
  } catch {
    console.error('Microphone permission denied');
    return false;
  }
}

export function InterviewPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const attemptId = params.get('attempt');
  const set = useInterviewSet(id);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [language, setLanguage] = useState(
    () => localStorage.getItem(LANGUAGE_KEY) ?? VOICE.defaultLanguage,
  );
  const [voiceName, setVoiceName] = useState(() => localStorage.getItem(VOICE_KEY) ?? '');
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  const recognitionAvailable = recognitionConstructor() !== null;
  const [typedPref, setTypedPref] = useState(() => params.get('typed') === '1');
  const [micDenied, setMicDenied] = useState(false);

  useEffect(() => {
    void loadVoices().then(setVoices);
  }, []);

  if (!id)
    return (
      <ErrorState
        className="min-h-screen"
        title="Invalid Interview URL"
        message="No interview ID was provided in the URL."
      />
    );
  if (set.isPending) return <LoadingState className="min-h-screen" text="Loading interview..." />;
  if (set.isError) {
    return (
      <ErrorState
        className="min-h-screen"
        title="Failed to Load Interview"
        message={set.error.message || 'Could not load the specified interview set.'}
        onRetry={() => set.refetch()}
      />
    );
  }

  const typed = typedPref || !recognitionAvailable;
  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      if (!typed) setMicDenied(!(await requestMicrophone()));
      const { id: newAttempt } = await createAttempt(set.data);
      const next = new URLSearchParams(params);
      next.set('attempt', newAttempt);
      if (typed) next.set('typed', '1');
      setParams(next, { replace: true });
    } catch (err) {
      setStartError(errorMessage(err, 'Failed to create interview session'));
    } finally {
      setStarting(false);
    }
  };

  if (!attemptId) {
    return (
      <PreStart
        set={set.data}
        starting={starting}
        error={startError}
        onStart={() => void start()}
        language={language}
        onLanguage={(l) => {
          setLanguage(l);
          localStorage.setItem(LANGUAGE_KEY, l);
        }}
        voices={voices}
        voiceName={voiceName}
        onVoice={(v) => {
          setVoiceName(v);
          localStorage.setItem(VOICE_KEY, v);
        }}
        typed={typedPref}
        onTyped={setTypedPref}
        recognitionAvailable={recognitionAvailable}
      />
    );
  }
  return (
    <LiveAttempt
      attemptId={attemptId}
      title={set.data.title}
      categoryName={set.data.categoryName}
      language={language}
      voice={() => voices.find((v) => v.name === voiceName) ?? null}
      typed={typed}
      micDenied={micDenied}
    />
  );
}

function LiveAttempt(props: {
  attemptId: string;
  title: string;
  categoryName: string;
  language: string;
  voice: () => SpeechSynthesisVoice | null;
  typed: boolean;
  micDenied: boolean;
}) {
  const navigate = useNavigate();
  const live = useLiveInterview(props.attemptId, {
    language: props.language,
    voice: props.voice,
    voiceMode: !props.typed,
  });
  const [phase, setPhase] = useState<'live' | 'confirm' | 'generating' | 'failed'>('live');
  const [failure, setFailure] = useState<string | null>(null);

  // Turn the microphone on by itself for a voice interview once connected (unless denied).
  const { status, enableMic } = live;
  useEffect(() => {
    if (status === 'connected' && !props.typed && !props.micDenied) enableMic();
  }, [status, props.typed, props.micDenied]); // eslint-disable-line react-hooks/exhaustive-deps

  const finish = async (early: boolean) => {
    setPhase('generating');
    const result = await live.end(early);
    if (result === 'not_complete') {
      setPhase('confirm');
      return;
    }
    if (result === 'failed') {
      setFailure(
        'The connection to the server was lost. Your answers are saved; try again in a moment.',
      );
      setPhase('failed');
      return;
    }
    try {
      const report = await waitForReport(props.attemptId);
      if (report.status === 'failed')
        throw new Error(report.error ?? 'Failed to generate interview report');
      navigate(`/reports/${props.attemptId}`, { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to generate interview report'));
      setPhase('failed');
    }
  };

  if (phase === 'generating') {
    return (
      <div
        role="status"
        className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-950 text-slate-100"
      >
        <Loader2 className="size-12 animate-spin text-indigo-400" aria-hidden />
        <p className="text-xl font-semibold">Generating your AI-powered report...</p>
        <p className="text-slate-400">This may take a few moments...</p>
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <ErrorState
          title="Failed to generate interview report"
          message={`${failure ?? ''} Your transcript is safe on the server.`}
          onRetry={() => void finish(true)}
          retryLabel="Try again"
        />
        <Button variant="outline" onClick={() => setPhase('live')}>
          Back to the interview
        </Button>
      </div>
    );
  }
  return (
    <>
      <LiveScreen
        title={props.title}
        categoryName={props.categoryName}
        live={live}
        typed={props.typed}
        micDenied={props.micDenied}
        onEnd={() => void finish(false)}
      />
      <ConfirmDialog
        open={phase === 'confirm'}
        onOpenChange={(open) => !open && setPhase('live')}
        title="End the interview now?"
        message="The interview is not yet complete. Your report will cover only the questions answered so far."
        confirmLabel="End Interview"
        onConfirm={() => void finish(true)}
      />
    </>
  );
}
