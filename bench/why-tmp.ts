import { assembleReport } from '../apps/server/src/ai/assemble-report';
import { builtinReport } from '../apps/server/src/ai/builtin/report';
import { GRADED_PARTS, GRADES, reportInputFor } from '../apps/server/src/ai/builtin/graded/corpus';
const id = process.argv[2]!;
const q = Object.values(GRADED_PARTS).flat().find((x) => x.id === id)!;
console.log(q.question, '\nkeyPoints:', q.keyPoints);
for (const g of [...GRADES, 'off'] as const) {
  const text = g === 'off' ? q.offTopic.text : q.answers[g];
  const input = reportInputFor(q, text);
  const r = assembleReport({ input, result: builtinReport(input), producedBy: 'builtin', fallbackReason: null });
  const qr = r.questionReports[0]!;
  console.log(`\n[${g}] score ${qr.score} rel ${JSON.stringify(qr.relevance)}\n  ${text.slice(0, 300)}`);
}
