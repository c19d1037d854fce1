import { assembleReport } from '../apps/server/src/ai/assemble-report';
import { builtinReport } from '../apps/server/src/ai/builtin/report';
import { GRADED_PARTS, reportInputFor } from '../apps/server/src/ai/builtin/graded/corpus';
for (const q of Object.values(GRADED_PARTS).flat()) {
  const input = reportInputFor(q, q.offTopic.text);
  const r = assembleReport({ input, result: builtinReport(input), producedBy: 'builtin', fallbackReason: null });
  console.log(q.id, r.questionReports[0]!.score, r.questionReports[0]!.relevance?.verdict);
}
