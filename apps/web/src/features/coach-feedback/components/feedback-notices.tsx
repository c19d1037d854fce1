import { MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { formatDay } from '@/lib/format-date';
import { useFeedbackNotices } from '../api/coach-feedback';

/** The dashboard's notice: feedback from a coach the candidate has not opened yet. */
export function FeedbackNotices() {
  const { data } = useFeedbackNotices();
  const notices = data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <section
      aria-label="New coach feedback"
      className="rounded-md border border-blue-600/30 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:bg-blue-950/50 dark:text-blue-100"
    >
      <ul className="space-y-1">
        {notices.map((n) => (
          <li key={n.interviewId} className="flex items-center gap-2">
            <MessageSquareText className="size-4 shrink-0" aria-hidden />
            <span>
              {n.coachName} left feedback on{' '}
              <Link className="font-medium underline" to={`/reports/${n.interviewId}`}>
                {n.title}
              </Link>{' '}
              ({formatDay(n.updatedAt)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
