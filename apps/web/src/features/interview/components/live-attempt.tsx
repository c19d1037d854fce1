import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Microphone } from '@/lib/voice/microphone';
import { waitForReport } from '../api/interview-api';
import { useLiveInterview } from '../hooks/use-live-interview';
import { LiveScreen } from './live-screen';

type Stage = 'live' | 'confirm' | 'generating' | 'failed';

/**
 * Waits until the report is final: its page when completed, /history when there is no interview
 * record, else why it failed.
 */
async function reportOutcome(attemptId: string): Promise<{ go: string } | { failure: string }> {
  try {
    const report = await waitForReport(attemptId);
    if (report.status === 'completed') return { go: `/reports/${attemptId}` };
    return { failure: report.error ?? 'Failed to generate interview report' };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { go: '/history' };
    return { failure: errorMessage(err, 'Failed to generate interview report') };
  }
}

/** One attempt from the live screen to its report: End Interview, the wait, the way out. */
export function LiveAttempt(props: {
  attemptId: string;
  title: string;
  categoryName: string;
  language: string;
  voice: () => SpeechSynthesisVoice | null;
  typed: boolean;
  recognitionAvailable: boolean;
  microphone: Microphone | null;
  micDenied: boolean;
}) {
  const navigate = useNavigate();
  const live = useLiveInterview(props.attemptId, {
    language: props.language,
    voice: props.voice,
    voiceMode: !props.typed,
  });
  const [stage, setStage] = useState<Stage>('live');
  const [failure, setFailure] = useState<string | null>(null);

  // Turn the microphone on by itself for a voice interview once connected (unless denied); it
  // records only once the interviewer has spoken.
  // Once: after a reconnect the candidate's own choice (mic off) stands.
  const { ready, enableMic } = live;
  const autoEnabled = useRef(false);
  useEffect(() => {
    if (!ready || props.typed || props.micDenied || autoEnabled.current) return;
    autoEnabled.current = true;
    enableMic();
  }, [ready, props.typed, props.micDenied]); // eslint-disable-line react-hooks/exhaustive-deps

  /** What the report wait ended in: the page to open, or why it failed. */
  const onReportWait = useCallback(
    (outcome: { go: string } | { failure: string }) => {
      if ('go' in outcome) {
        navigate(outcome.go, { replace: true });
        return;
      }
      setFailure(outcome.failure);
      setStage('failed');
    },
    [navigate],
  );

  // Opened after the attempt ended (a reload while the report was generating): go on waiting.
  const { attemptStatus } = live;
  const endedElsewhere = attemptStatus === 'completed' && stage === 'live';
  useEffect(() => {
    if (endedElsewhere) void reportOutcome(props.attemptId).then(onReportWait);
    if (attemptStatus === 'cancelled') navigate('/history', { replace: true });
  }, [endedElsewhere, attemptStatus, onReportWait, navigate, props.attemptId]);

  const finish = async (early: boolean) => {
    setStage('generating');
    const result = await live.end(early);
    if (result === 'not_complete') {
      setStage('confirm');
      return;
    }
    if (result === 'failed') {
      setFailure(
        'The server could not be reached to end the interview. Your answers are saved; try again in a moment.',
      );
      setStage('failed');
      return;
    }
    onReportWait(await reportOutcome(props.attemptId));
  };

  if (stage === 'generating' || endedElsewhere) {
    return (
      <div
        role="status"
        className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-6 text-center text-foreground"
      >
        <Loader2 className="size-12 animate-spin text-primary" aria-hidden />
        <p className="text-xl font-semibold">Generating your AI-powered report...</p>
        <p className="text-muted-foreground">This may take a few moments...</p>
      </div>
    );
  }
  if (stage === 'failed') {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-2 bg-background p-6 text-center">
        <ErrorState
          title="Failed to generate interview report"
          message={`${failure ?? ''} Your transcript is safe on the server.`}
          onRetry={() => void finish(true)}
          retryLabel="Try again"
        />
        <Button variant="outline" onClick={() => setStage('live')}>
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
        recognitionAvailable={props.recognitionAvailable}
        microphone={props.microphone}
        micDenied={props.micDenied}
        onEnd={() => void finish(false)}
      />
      <ConfirmDialog
        open={stage === 'confirm'}
        onOpenChange={(open) => !open && setStage('live')}
        title="End the interview now?"
        message="The interview is not yet complete. Your report will cover only the questions answered so far."
        confirmLabel="End Interview"
        onConfirm={() => void finish(true)}
      />
    </>
  );
}
