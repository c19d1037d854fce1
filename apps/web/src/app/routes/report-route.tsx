import { useParams } from 'react-router';
import {
  OwnFeedbackOnQuestion,
  OwnFeedbackOverall,
} from '@/features/coach-feedback/components/own-feedback';
import { ModelAnswer } from '@/features/practice-loop/components/model-answer';
import { RetryOutcomeCard } from '@/features/practice-loop/components/retry-outcome';
import { SaveStoryButton } from '@/features/practice-loop/components/save-story';
import { RetryQuestionButton } from '@/features/practice-loop/components/retry-question-button';
import { ScoreChange } from '@/features/progress/components/score-change';
import { ReportActions } from '@/features/report-share/components/report-actions';
import {
  answerRecordingsQueryOptions,
  interviewTranscriptQueryOptions,
  reportQueryOptions,
} from '@/features/reports/api/get-report';
import { ReportPage } from '@/features/reports/routes/report';
import { isId, type FirstQueries } from '../first-queries';

/** What a report draws first (@candor/shared's firstReads), read before it is drawn. */
export const firstQueries: FirstQueries = ({ id }) =>
  isId(id)
    ? [
        reportQueryOptions(id),
        interviewTranscriptQueryOptions(id),
        answerRecordingsQueryOptions(id),
      ]
    : [];

/**
 * The report, with the progress feature's comparison and the practice loop's retry (its outcome
 * beside the first try, the model answer after the candidate's own, "Save as a story" under a
 * behavioural answer, "Retry this question" under each scored question) and the report-share
 * feature's Download PDF and Share, and the coach-feedback feature's "Coach feedback" (overall
 * and under each question) composed into its slots.
 */
export function ReportRoute() {
  const { id = '' } = useParams();
  return (
    <ReportPage
      actions={<ReportActions interviewId={id} />}
      comparison={
        <>
          <OwnFeedbackOverall interviewId={id} />
          <RetryOutcomeCard interviewId={id} />
          <ScoreChange interviewId={id} />
        </>
      }
      modelAnswer={(_q, index) => <ModelAnswer interviewId={id} index={index} />}
      questionAction={(q, index) => (
        <>
          <OwnFeedbackOnQuestion interviewId={id} index={index} />
          <SaveStoryButton interviewId={id} question={q} index={index} />
          <RetryQuestionButton interviewId={id} question={q} index={index} />
        </>
      )}
    />
  );
}
