import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useQuestionProgress } from '../api/get-question-progress';

const shown = (n: number | null) => (n === null ? '–' : String(Math.round(n)));

/** Each question the candidate retried: first, best and latest score (issue 30). None: nothing shows. */
export function QuestionProgressCard() {
  const { data } = useQuestionProgress();
  if (!data || data.length === 0) return null;
  return (
    <Card data-testid="question-progress">
      <CardHeader>
        <CardTitle>Questions you retried</CardTitle>
        <CardDescription>The first try, your best and your latest score of each.</CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="font-medium">
                Question
              </th>
              <th scope="col" className="font-medium">
                First
              </th>
              <th scope="col" className="font-medium">
                Best
              </th>
              <th scope="col" className="font-medium">
                Latest
              </th>
              <th scope="col" className="font-medium">
                Tries
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((q) => (
              <tr key={`${q.interviewId}:${q.questionIndex}`} className="border-t border-border">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  <Link to={`/reports/${q.latestInterviewId}`} className="hover:underline">
                    {q.question}
                  </Link>
                </th>
                <td>{shown(q.first)}</td>
                <td className="font-semibold">{shown(q.best)}</td>
                <td>{shown(q.latest)}</td>
                <td>{q.tries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
