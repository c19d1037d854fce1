import { plausibleWordsPerMinute, type OverallSpeech } from '@candor/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Beyond the specification: how the candidate spoke, each figure with what it means. */
export function SpeechCard({ speech }: { speech: OverallSpeech | undefined }) {
  if (!speech) return null;
  // A rate no person speaks at (a report written before the limits) is not measured either.
  const rate = plausibleWordsPerMinute(speech.wordsPerMinute);
  const items = [
    {
      label: 'Words per minute',
      value: rate === null ? 'Not measured' : rate,
      help: 'Around 120–160 is easy to follow; much faster can sound rushed, much slower hesitant. Needs voice answers with timings.',
    },
    {
      label: 'Filler words',
      value: speech.fillerCount,
      help:
        speech.fillerWords.length > 0
          ? `Most used: ${speech.fillerWords
              .slice(0, 3)
              .map((f) => `"${f.word}" ×${f.count}`)
              .join(', ')}.`
          : 'Words like "um", "like" and "you know". Fewer sounds more confident.',
    },
    {
      label: 'Longest pause',
      value:
        speech.longestPauseSeconds === null
          ? 'Not measured'
          : `${speech.longestPauseSeconds.toFixed(1)} s`,
      help: 'A short pause to think is fine; long silences mid-answer can lose the interviewer.',
    },
    {
      label: 'Your share of talk time',
      value:
        speech.talkTimeShare === null
          ? 'Not measured'
          : `${Math.round(speech.talkTimeShare * 100)}%`,
      help: 'In a good interview the candidate does most of the talking.',
    },
    {
      label: 'Average answer length',
      value: `${Math.round(speech.averageAnswerWords)} words`,
      help: 'Very short answers rarely show enough depth; very long ones can lose focus.',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>How you spoke</CardTitle>
        <CardDescription data-testid="speech-answers">
          Speech analytics from your {speech.answers} {speech.answers === 1 ? 'answer' : 'answers'}{' '}
          ({speech.totalWords} {speech.totalWords === 1 ? 'word' : 'words'}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <div key={item.label} className="rounded-lg border border-border p-3">
              <dt className="text-xs text-muted-foreground">{item.label}</dt>
              <dd className="text-xl font-bold">{item.value}</dd>
              <dd className="mt-1 text-xs text-muted-foreground">{item.help}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
