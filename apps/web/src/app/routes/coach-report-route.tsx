import { useParams } from 'react-router';
import { RecordingSlot } from '@/features/coach-review/components/recording-slot';
import {
  useCoachRecording,
  useCoachReport,
  useCoachTranscript,
} from '@/features/coach-review/api/get-coach-report';
import { FeedbackEditor } from '@/features/coach-feedback/components/feedback-editor';
import { DownloadPdfLink } from '@/features/report-share/components/download-pdf-link';
import { ReportView } from '@/features/reports/routes/report';

/**
 * A candidate's report as a coach reads it: the reports feature's view, fed by the coach-review
 * feature's (audited) request, read-only (no 'Try Again', no comparison of the candidate's own);
 * its PDF through the same audited door; the coach-feedback feature's editor below the figures.
 */
export function CoachReportRoute() {
  const { id = '', attemptId = '' } = useParams();
  const report = useCoachReport(id, attemptId);
  const transcript = useCoachTranscript(id, attemptId);
  const recording = useCoachRecording(id, attemptId);
  return (
    <ReportView
      report={report}
      conversation={transcript.data}
      transcriptError={transcript.isError}
      back={{ to: `/admin/candidates/${id}`, label: 'Back to candidate' }}
      comparison={
        report.data?.status === 'completed' ? (
          <FeedbackEditor
            candidateId={id}
            attemptId={attemptId}
            questions={report.data.questionReports ?? []}
          />
        ) : null
      }
      actions={
        <DownloadPdfLink
          href={`/api/admin/candidates/${encodeURIComponent(id)}/attempts/${encodeURIComponent(attemptId)}/report.pdf`}
        />
      }
      recording={<RecordingSlot attemptId={attemptId} recordings={recording.data ?? []} />}
    />
  );
}
