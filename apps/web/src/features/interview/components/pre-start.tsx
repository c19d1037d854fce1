import {
  INTERVIEWER_STYLES,
  INTERVIEWER_STYLE_LABELS,
  interviewerStyleDescription,
  VOICE,
  type InterviewSetDetail,
  type InterviewerStyle,
} from '@candor/shared';
import {
  Brain,
  Clock,
  Ear,
  HelpCircle,
  Lightbulb,
  MessageSquare,
  Mic,
  Sparkles,
  Target,
  Timer,
  Volume2,
  Zap,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { CreditsLeft } from '@/components/credits-left';
import { PatiencePicker } from '@/components/patience-picker';
import { Badge, difficultyTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox, Field, Select } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { createBrowserSpeaker } from '../voice/browser-speaker';
import { checkMicPermission, type MicPermission } from '../voice/microphone';
import { BackLink } from '@/components/ui/back-link';

const LANGUAGE_NAMES: Record<string, string> = {
  'en-IN': 'English (India)',
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'en-AU': 'English (Australia)',
};

const MIC_TEXT: Record<MicPermission, string> = {
  granted: 'Microphone allowed.',
  prompt: 'Your browser will ask for the microphone when you start.',
  unknown: 'Your browser will ask for the microphone when you start.',
  denied:
    'The microphone is blocked for this site. Allow it in the browser’s site settings, or type your answers.',
};

function useMicPermission(): MicPermission | null {
  const [permission, setPermission] = useState<MicPermission | null>(null);
  useEffect(() => {
    void checkMicPermission().then(setPermission);
  }, []);
  return permission;
}

const FEATURES = [
  {
    title: 'Voice Interaction',
    text: 'Answer out loud; the interviewer listens and replies by voice.',
    icon: Mic,
  },
  {
    title: 'AI-Powered Analysis',
    text: 'Every answer is scored and explained on the server.',
    icon: Sparkles,
  },
  { title: 'Focused Learning', text: 'Questions match the set’s topics and level.', icon: Target },
  {
    title: 'Instant Evaluation',
    text: 'Check what was heard after you finish; your report follows moments later.',
    icon: Zap,
  },
];
const TIPS = [
  {
    title: 'Quiet Environment',
    text: 'Find a quiet room so your answers are heard clearly.',
    icon: Ear,
  },
  {
    title: 'Audio Quality',
    text: 'A headset keeps the interviewer’s voice out of your microphone.',
    icon: Volume2,
  },
  {
    title: 'Clear Communication',
    text: 'Speak at a steady pace and structure your answers.',
    icon: MessageSquare,
  },
  {
    title: 'Think Out Loud',
    text: 'Explain your reasoning, not just the conclusion.',
    icon: Brain,
  },
  { title: 'Ask Questions', text: 'Clarify requirements before diving in.', icon: HelpCircle },
  {
    title: 'Take Your Time',
    text: 'Say “let me think” or press Thinking: the interviewer waits.',
    icon: Timer,
  },
];

export function PreStart({
  set,
  notice,
  starting,
  error,
  onStart,
  onReachForStart,
  language,
  onLanguage,
  voices,
  voiceName,
  onVoice,
  typed,
  onTyped,
  recognitionAvailable,
  keepRecordings,
  coachesMayListen = false,
  onKeepRecordings,
  interviewerStyle = 'friendly',
  onInterviewerStyle,
}: {
  set: InterviewSetDetail;
  /** Shown under the header (the offer to resume an unfinished attempt). */
  notice?: ReactNode;
  starting: boolean;
  error: string | null;
  onStart: () => void;
  /** The candidate points at, focuses or presses Start: what follows it can be fetched now. */
  onReachForStart?: () => void;
  language: string;
  onLanguage: (l: string) => void;
  voices: SpeechSynthesisVoice[];
  voiceName: string;
  onVoice: (v: string) => void;
  typed: boolean;
  onTyped: (t: boolean) => void;
  recognitionAvailable: boolean;
  /** Keep the audio of spoken answers for the report (issue 14); on unless turned off. */
  keepRecordings: boolean;
  /** The operator lets coaches play kept recordings (COACH_REVIEW_RECORDINGS): said before start. */
  coachesMayListen?: boolean;
  onKeepRecordings: (keep: boolean) => void;
  /** How the interviewer behaves (issue 15); friendly unless chosen. */
  interviewerStyle?: InterviewerStyle;
  onInterviewerStyle?: (style: InterviewerStyle) => void;
}) {
  const micPermission = useMicPermission();
  const tryVoice = () => {
    const chosen = voices.find((v) => v.name === voiceName) ?? null;
    createBrowserSpeaker(() => chosen).speak(`Hello! I'm Alex, your interviewer for ${set.title}.`);
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <BackLink to="/practice">Back to Practice</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{set.title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <Badge tone={difficultyTone(set.difficulty)} className="capitalize">
              {set.difficulty}
            </Badge>
            <span className="flex items-center gap-1">
              <Clock className="size-4" aria-hidden /> {set.duration} minutes
            </span>
            <span>{set.categoryName}</span>
          </p>
          <CreditsLeft className="mt-2 text-muted-foreground" />
        </div>
        <Button
          size="lg"
          onClick={onStart}
          onPointerEnter={onReachForStart}
          onPointerDown={onReachForStart}
          onFocus={onReachForStart}
          disabled={starting}
        >
          {starting ? 'Preparing...' : 'Start Interview'}
        </Button>
      </div>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {notice}
      {!recognitionAvailable ? (
        <Banner tone="info">
          Voice answers are not available in this browser (it has no speech recognition), so you
          will type your answers. The interviewer still speaks.
        </Banner>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Interview overview</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <p>
              <span className="font-medium">Duration:</span> {set.duration} minutes ·{' '}
              <span className="font-medium">Level:</span>{' '}
              <span className="capitalize">{set.difficulty}</span>
            </p>
            <p className="text-muted-foreground">
              {set.description || `Practice ${set.categoryName} interview questions and scenarios.`}
            </p>
            {onInterviewerStyle ? (
              <fieldset className="space-y-2 border-t pt-3">
                <legend className="font-medium">Interviewer style</legend>
                {INTERVIEWER_STYLES.map((s) => (
                  <label key={s} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="interviewer-style"
                      value={s}
                      checked={interviewerStyle === s}
                      onChange={() => onInterviewerStyle(s)}
                      className="mt-1 accent-primary"
                      aria-describedby={`style-${s}-note`}
                    />
                    <span>
                      <span className="font-medium">{INTERVIEWER_STYLE_LABELS[s]}</span>
                      <span id={`style-${s}-note`} className="block text-muted-foreground">
                        {/* The follow-ups this interview allows, as the interviewer will ask them. */}
                        {interviewerStyleDescription(s, set.followUpDepth)}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <div>
              <p className="font-medium">Topics covered</p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {set.topics.map((t) => (
                  <Badge key={t}>{t}</Badge>
                ))}
              </div>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Voice settings</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <Field id="language" label="Recognition language">
              <Select id="language" value={language} onChange={(e) => onLanguage(e.target.value)}>
                {VOICE.languages.map((l) => (
                  <option key={l} value={l}>
                    {LANGUAGE_NAMES[l] ?? l} · {l}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="voice" label="Interviewer voice">
              <Select id="voice" value={voiceName} onChange={(e) => onVoice(e.target.value)}>
                <option value="">Browser default</option>
                {voices.map((v) => (
                  <option key={v.name} value={v.name}>
                    {v.name} ({v.lang})
                  </option>
                ))}
              </Select>
            </Field>
            <Button variant="outline" size="sm" onClick={tryVoice}>
              <Volume2 aria-hidden /> Hear this voice
            </Button>
            {!typed && recognitionAvailable && micPermission ? (
              <p
                className={
                  micPermission === 'denied'
                    ? 'text-sm text-destructive'
                    : 'text-sm text-muted-foreground'
                }
              >
                {MIC_TEXT[micPermission]}
              </p>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={typed || !recognitionAvailable}
                disabled={!recognitionAvailable}
                onChange={(e) => onTyped(e.target.checked)}
              />
              Type my answers instead of speaking
            </label>
            <PatiencePicker id="pre-start" className="border-t pt-3" />
            <div className="space-y-1 border-t pt-3">
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={keepRecordings}
                  onChange={(e) => onKeepRecordings(e.target.checked)}
                />
                Keep recordings of my answers
              </label>
              <p className="text-xs text-muted-foreground" id="recordings-note">
                {!keepRecordings
                  ? 'Nothing of your voice is kept: your report has the transcript only.'
                  : coachesMayListen
                    ? "The audio of each spoken answer is kept with your report so you can play it back. Your organisation's coaches may also listen to it when they review your report. It is deleted after a while, and Settings deletes it at any time."
                    : 'The audio of each spoken answer is kept with your report so you can play it back. Only you can play it, it is deleted after a while, and Settings deletes it at any time.'}
              </p>
            </div>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <Card key={title} className="p-4">
            <Icon className="size-6 text-primary" aria-hidden />
            <h2 className="mt-2 font-semibold">{title}</h2>
            <p className="text-sm text-muted-foreground">{text}</p>
          </Card>
        ))}
      </div>
      <div>
        <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
          <Lightbulb className="size-5 text-yellow-500" aria-hidden /> Tips
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TIPS.map(({ title, text, icon: Icon }) => (
            <Card key={title} className="flex gap-3 p-4">
              <Icon className="size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="font-medium">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}
