import type { ReactNode } from 'react';
import {
  CREDITS_EXHAUSTED,
  DEFAULT_INTERVIEWER_STYLE,
  type InterviewerStyle,
} from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { ApiError, NETWORK_ERROR_MESSAGE, errorMessage } from '@/lib/api-client';
import { lazyPreloaded } from '@/lib/lazy-preloaded';
import { userStatsQueryOptions } from '@/lib/user-stats';
import { loadVoices, recognitionConstructor } from '../voice/browser-speaker';
import { openMicrophone, type Microphone } from '../voice/microphone';
import { useInterviewSetup } from '../api/get-interview-setup';
import { useUnfinishedAttempt } from '../api/get-unfinished-attempt';
import { createAttempt } from '../api/create-attempt';
import { useAttempt } from '../api/get-attempt';
import { useInterviewSet } from '../api/get-interview-set';
import { applyPreStartChoices } from '../api/update-attempt';
import { openLiveSocketEarly } from '../live/early-socket';
import { setOfAttempt } from '../set-of-attempt';
import type { QuestionWorkspace } from '../components/live-screen';
import { PreStart } from '../components/pre-start';
import { UnfinishedAttemptNotice } from '../components/unfinished-attempt-notice';
import { useRecognitionLanguage } from '../hooks/use-recognition-language';

/**
 * The live screen (the voice pipeline, the channel, the transcript: most of this route's code) is
 * its own chunk, so the pre-start screen does not wait for it. It is fetched once the pre-start
 * screen is up and the browser idle, when the candidate reaches for Start (pointer, focus, press),
 * or at once when the address is an attempt's (a reload mid-interview).
 */
const { Component: LiveAttempt, preload: loadLiveAttempt } = lazyPreloaded(
  async () => (await import('../components/live-attempt')).LiveAttempt,
);

/** How long the pre-start screen has been read before the live screen's code is fetched. */
const LIVE_PREFETCH_AFTER_MS = 1000;

const VOICE_KEY = 'candor.interviewer-voice';
/** The pre-start screen's "Keep recordings of my answers", remembered for the next interview. */
const KEEP_RECORDINGS_KEY = 'candor.keep-recordings';

type MicState = { kind: 'closed' } | { kind: 'open'; handle: Microphone } | { kind: 'denied' };

/** Ids are uuids; anything else in the address cannot name a set or an attempt. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refusals that mean "no such thing for you" (missing, inactive, malformed, someone else's). */
function isMissing(err: unknown): boolean {
  return err instanceof ApiError && [400, 403, 404].includes(err.status);
}

/** What a failed load says: never the server's validation text; offline, the network's words. */
function loadFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 0) return NETWORK_ERROR_MESSAGE;
  return 'Could not load the specified interview set.';
}

function BackToPractice() {
  return (
    <Button asChild>
      <Link to="/practice">Back to Practice</Link>
    </Button>
  );
}

/**
 * /interview/{setId}: the pre-start screen, then (with ?attempt={id} in the URL, so a reload
 * resumes the same attempt) the live interview.
 */
/**
 * `workspace`: what the app shows beside the conversation for a question (the coding round's
 * editor), with the attempt it belongs to.
 */
export function InterviewPage({
  workspace,
  madeAttempt,
  preStart,
  startAttempt,
  offerUnfinished = true,
}: {
  workspace?: (attemptId: string) => QuestionWorkspace;
  /** What the app adds to the pre-start screen, given the set's topics (the stories that fit). */
  preStart?: (topics: string[]) => ReactNode;
  /**
   * An attempt made before this screen (a tailored interview, issue 15: /interview/job/{id}): no
   * set to read or attempt to create; its pre-start screen shows the attempt itself.
   */
  madeAttempt?: string;
  /**
   * How Start makes the attempt when it is not a plain one of the set (an assignment's, counted
   * towards it: issue 31); the set's own attempt otherwise.
   */
  startAttempt?: () => Promise<{ id: string }>;
  /** Offer any unfinished attempt of the set (off where the route offers its own). */
  offerUnfinished?: boolean;
} = {}) {
  const { id: setParam = '' } = useParams();
  const made = madeAttempt ?? null;
  const id = made ?? setParam;
  const [params, setParams] = useSearchParams();
  const attemptId = params.get('attempt');
  const validId = ID_SHAPE.test(id);
  const setQuery = useInterviewSet(validId && !made ? id : '');
  const madeQuery = useAttempt(validId && made ? made : '');
  const set = made
    ? { ...madeQuery, data: madeQuery.data ? setOfAttempt(madeQuery.data) : undefined }
    : setQuery;
  // An attempt in the address that this page did not just create (a reload, a resumed or an old
  // link) is looked up first, so a missing one gets a page of its own instead of a dead channel.
  const [created, setCreated] = useState<string | null>(null);
  const checkAttempt = Boolean(attemptId) && attemptId !== created && attemptId !== made;
  const validAttempt = !checkAttempt || ID_SHAPE.test(attemptId ?? '');
  const attempt = useAttempt(checkAttempt && validAttempt ? attemptId! : '');
  // Before a start: an unfinished attempt of this set is offered instead of a new one.
  const unfinished = useUnfinishedAttempt(
    attemptId || !validId || made || !offerUnfinished ? '' : id,
  );
  const [style, setStyle] = useState<InterviewerStyle | null>(null);
  const currentStyle = madeQuery.data?.interviewerStyle ?? DEFAULT_INTERVIEWER_STYLE;
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [language, setLanguage] = useRecognitionLanguage();
  const [voiceName, setVoiceName] = useState(() => localStorage.getItem(VOICE_KEY) ?? '');
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  // Web Speech in this browser, or the server recognises (any browser with a microphone).
  const setup = useInterviewSetup(validId);
  const recognitionAvailable =
    recognitionConstructor() !== null || setup.data?.recognition === 'server';
  const [typedPref, setTypedPref] = useState(() => params.get('typed') === '1');
  const typed = typedPref || !recognitionAvailable;
  const [mic, setMic] = useState<MicState>({ kind: 'closed' });
  const [keepRecordings, setKeepRecordings] = useState(
    () => localStorage.getItem(KEEP_RECORDINGS_KEY) !== 'false',
  );

  useEffect(() => {
    void loadVoices().then(setVoices);
  }, []);

  // The pre-start screen is up: the live screen's code is fetched while the candidate reads it
  // (a second after it is drawn, once the browser is idle, so the screen's own first paint is not
  // slowed), and Start does not wait for it.
  const preStartShown =
    Boolean(set.data) && !attemptId && !(validId && setup.isPending) && !set.isError;
  useEffect(() => {
    if (!preStartShown) return;
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      idle = (window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 0)))(
        () => void loadLiveAttempt(),
        { timeout: 2000 },
      );
    }, LIVE_PREFETCH_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [preStartShown]);

  // The microphone is closed when it is replaced and when the screen goes away.
  const handle = mic.kind === 'open' ? mic.handle : null;
  useEffect(() => () => handle?.close(), [handle]);

  // A reload mid-interview: open the microphone again (the browser remembers the permission).
  const reopen = Boolean(attemptId) && !typed && mic.kind === 'closed';
  useEffect(() => {
    if (!reopen) return;
    let cancelled = false;
    void openMicrophone().then((opened) => {
      if (cancelled) opened?.close();
      else setMic(opened ? { kind: 'open', handle: opened } : { kind: 'denied' });
    });
    return () => {
      cancelled = true;
    };
  }, [reopen]);

  if (!id)
    return (
      <ErrorState
        className="min-h-screen"
        title="Invalid Interview URL"
        message="No interview ID was provided in the URL."
      />
    );
  if (!validId || (set.isError && isMissing(set.error)))
    return (
      <ErrorState
        className="min-h-screen"
        title="Interview Not Found"
        message="This interview set does not exist or is no longer available. Choose another one in Practice."
        action={<BackToPractice />}
      />
    );
  if (!validAttempt || (attempt.isError && isMissing(attempt.error)))
    return (
      <ErrorState
        className="min-h-screen"
        title="Interview Not Found"
        message="This interview attempt could not be found. It may have been discarded, or the link may be incomplete. You can start the interview again."
        action={
          <>
            <BackToPractice />
            <Button asChild variant="outline">
              <Link to={`/interview/${id}`}>Start again</Link>
            </Button>
          </>
        }
      />
    );
  if (set.isError || attempt.isError) {
    const failed = set.isError ? set : attempt;
    return (
      <ErrorState
        className="min-h-screen"
        title="Failed to Load Interview"
        message={loadFailure(failed.error)}
        onRetry={() => void failed.refetch()}
        action={<BackToPractice />}
      />
    );
  }
  if (!set.data || (checkAttempt && attempt.isPending) || (validId && setup.isPending))
    return <LoadingState className="min-h-screen" text="Loading interview..." />;
  const setData = set.data;

  const start = async () => {
    void loadLiveAttempt();
    setStarting(true);
    setStartError(null);
    try {
      // Permission first (checked, then asked), so the prompt shows while 'Preparing...'.
      if (!typed) {
        const opened = await openMicrophone();
        setMic(opened ? { kind: 'open', handle: opened } : { kind: 'denied' });
      }
      const newAttempt =
        made ?? (await (startAttempt ? startAttempt() : createAttempt(setData))).id;
      // The live channel's handshake goes on beside the steps below and the live screen's first
      // drawing; the channel takes this socket and says `start` (after the choices are applied).
      openLiveSocketEarly(newAttempt);
      // Before the first word: the attempt never keeps any audio, and meets the style chosen.
      await applyPreStartChoices(newAttempt, {
        keepRecordings,
        interviewerStyle: style ?? currentStyle,
        current: currentStyle,
      });
      setCreated(newAttempt);
      const next = new URLSearchParams(params);
      next.set('attempt', newAttempt);
      if (typed) next.set('typed', '1');
      setParams(next, { replace: true });
    } catch (err) {
      setStartError(errorMessage(err, 'Failed to create interview session'));
      // Out of credits: the count on this screen catches up with the refusal.
      if (err instanceof ApiError && err.code === CREDITS_EXHAUSTED)
        void queryClient.invalidateQueries(userStatsQueryOptions);
    } finally {
      setStarting(false);
    }
  };

  const resume = (attempt: string) => {
    const next = new URLSearchParams(params);
    next.set('attempt', attempt);
    setParams(next, { replace: true });
  };

  if (!attemptId) {
    const open = unfinished.data;
    return (
      <PreStart
        set={setData}
        interviewerStyle={style ?? currentStyle}
        onInterviewerStyle={setStyle}
        notice={
          <>
            {open ? (
              <UnfinishedAttemptNotice attempt={open} onResume={() => resume(open.id)} />
            ) : null}
            {preStart?.(setData.topics)}
          </>
        }
        starting={starting}
        error={startError}
        onStart={() => void start()}
        onReachForStart={() => void loadLiveAttempt()}
        language={language}
        onLanguage={setLanguage}
        voices={voices}
        voiceName={voiceName}
        onVoice={(v) => {
          setVoiceName(v);
          localStorage.setItem(VOICE_KEY, v);
        }}
        typed={typedPref}
        onTyped={setTypedPref}
        recognitionAvailable={recognitionAvailable}
        keepRecordings={keepRecordings}
        coachesMayListen={setup.data?.coachesMayListen === true}
        onKeepRecordings={(keep) => {
          setKeepRecordings(keep);
          localStorage.setItem(KEEP_RECORDINGS_KEY, String(keep));
        }}
      />
    );
  }
  const loading = <LoadingState className="min-h-screen" text="Loading interview..." />;
  if (reopen) return loading;
  return (
    <Suspense fallback={loading}>
      <LiveAttempt
        attemptId={attemptId}
        title={setData.title}
        categoryName={setData.categoryName}
        language={language}
        voice={() => voices.find((v) => v.name === voiceName) ?? null}
        typed={typed}
        recognitionAvailable={recognitionAvailable}
        microphone={handle}
        micDenied={!typed && mic.kind === 'denied'}
        workspace={workspace?.(attemptId)}
      />
    </Suspense>
  );
}
