import { PROTOCOL_MISMATCH_MESSAGE } from '@candor/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/states';
import type { Microphone } from '../voice/microphone';
import { useLiveInterview } from '../hooks/use-live-interview';
import { LiveScreen, type QuestionWorkspace } from './live-screen';

/**
 * One attempt from the live screen to its report: End Interview, the confirmation, the wait for
 * the report (the live session goes to the report page when it is ready), the way back.
 */
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
  workspace?: QuestionWorkspace;
}) {
  const live = useLiveInterview(props.attemptId, {
    language: props.language,
    voice: props.voice,
    voiceMode: !props.typed,
  });

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

  if (live.outdated) {
    return (
      <ErrorState
        className="min-h-screen bg-background p-6"
        title="Reload to continue"
        message={PROTOCOL_MISMATCH_MESSAGE}
        onRetry={() => window.location.reload()}
        retryLabel="Reload"
      />
    );
  }
  if (live.endStage === 'ending' || live.endStage === 'generating') {
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
  if (live.endStage === 'failed') {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-2 bg-background p-6 text-center">
        <ErrorState
          title="Failed to generate interview report"
          message={`${live.failure ?? ''} Your transcript is safe on the server.`}
          onRetry={() => live.end(true)}
          retryLabel="Try again"
        />
        <Button variant="outline" onClick={() => live.back()}>
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
        onEnd={() => live.end(false)}
        workspace={props.workspace}
      />
      <ConfirmDialog
        open={live.endStage === 'confirm'}
        onOpenChange={(open) => !open && live.back()}
        title="End the interview now?"
        message="The interview is not yet complete. Your report will cover only the questions answered so far."
        confirmLabel="End Interview"
        onConfirm={() => live.end(true)}
      />
    </>
  );
}
