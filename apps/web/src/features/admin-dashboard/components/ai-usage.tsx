import { AI_USAGE_DAY_OPTIONS, type AiUsageReport } from '@candor/shared';
import { Cpu } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, Options, Select } from '@/components/ui/input';
import { EmptyState, QueryView } from '@/components/ui/states';
import { useAiUsage } from '../api/get-ai-usage';

type Figures = AiUsageReport['totals'];

const number = new Intl.NumberFormat('en-GB');
const minutes = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
/** Small amounts keep four decimals: a builtin-heavy platform costs fractions of a cent. */
const money = (n: number) => n.toFixed(n > 0 && n < 1 ? 4 : 2);

function FiguresCells({ f }: { f: Figures }) {
  return (
    <>
      <td className="p-2 text-right tabular-nums">{number.format(f.calls)}</td>
      <td className="p-2 text-right tabular-nums">{number.format(f.promptTokens)}</td>
      <td className="p-2 text-right tabular-nums">{number.format(f.completionTokens)}</td>
      <td className="p-2 text-right tabular-nums">{money(f.cost)}</td>
    </>
  );
}

function UsageTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; label: string; sub?: string; f: Figures }[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="p-2">
              {first}
            </th>
            <th scope="col" className="p-2 text-right">
              Calls
            </th>
            <th scope="col" className="p-2 text-right">
              Input tokens
            </th>
            <th scope="col" className="p-2 text-right">
              Output tokens
            </th>
            <th scope="col" className="p-2 text-right">
              Est. cost
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border last:border-0">
              <th scope="row" className="p-2 text-left font-medium">
                {r.label}
                {r.sub ? (
                  <span className="block text-xs text-muted-foreground">{r.sub}</span>
                ) : null}
              </th>
              <FiguresCells f={r.f} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Calls per day as bars (the table below has the numbers, for screen readers too). */
function DayBars({ days }: { days: AiUsageReport['byDay'] }) {
  const top = Math.max(1, ...days.map((d) => d.calls));
  return (
    <div className="flex h-24 items-end gap-px" aria-hidden>
      {days.map((d) => (
        <div
          key={d.date}
          title={`${d.date}: ${d.calls} calls, ${money(d.cost)}`}
          className="flex-1 rounded-t bg-primary/70"
          style={{ height: `${Math.max(d.calls > 0 ? 4 : 1, (d.calls / top) * 100)}%` }}
        />
      ))}
    </div>
  );
}

function Report({ data }: { data: AiUsageReport }) {
  const priced = data.prices.input > 0 || data.prices.output > 0;
  const spoke = data.totals.speechSeconds > 0 || data.totals.speechCharacters > 0;
  if (data.totals.calls === 0) {
    return (
      <EmptyState
        icon={<Cpu className="size-10 text-muted-foreground" aria-hidden />}
        title="No AI calls in this window"
        message="Interviews and reports record their usage here as they run."
      />
    );
  }
  const active = data.byDay.filter((d) => d.calls > 0).reverse();
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        {[
          ['AI calls', number.format(data.totals.calls)],
          ['Input tokens', number.format(data.totals.promptTokens)],
          ['Output tokens', number.format(data.totals.completionTokens)],
          ['Estimated cost', money(data.totals.cost)],
          // Server speech only (STT_PROVIDER, TTS_PROVIDER): the browser's speech costs nothing.
          ...(spoke
            ? [
                ['Speech recognised (min)', minutes.format(data.totals.speechSeconds / 60)],
                ['Characters voiced', number.format(data.totals.speechCharacters)],
              ]
            : []),
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid={`usage-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {priced
          ? `Estimated at ${data.prices.input} per million input tokens and ${data.prices.output} per million output tokens (AI_PRICE_INPUT, AI_PRICE_OUTPUT), at the prices in force when each call was made. The builtin interviewer costs nothing.`
          : 'No prices are configured (AI_PRICE_INPUT, AI_PRICE_OUTPUT), so costs show as 0. The builtin interviewer always costs nothing.'}
        {spoke
          ? ` Server speech is priced at ${data.prices.speechMinute} per minute recognised and ${data.prices.voiceMillionCharacters} per million characters voiced (STT_PRICE_MINUTE, TTS_PRICE_MILLION_CHARACTERS).`
          : null}
      </p>
      <DayBars days={data.byDay} />
      <UsageTable
        caption="Per day"
        first="Day (UTC)"
        rows={active.map((d) => ({ key: d.date, label: d.date, f: d }))}
      />
      <UsageTable
        caption="Per candidate"
        first="Candidate"
        rows={data.byCandidate.map((c) => ({
          key: c.userId,
          label: c.name || c.email,
          sub: c.email,
          f: c,
        }))}
      />
      <UsageTable
        caption="Per interview set"
        first="Interview set"
        rows={data.bySet.map((s) => ({
          key: s.interviewSetId ?? `deleted:${s.title}`,
          label: s.title,
          sub: s.interviewSetId ? undefined : 'Set deleted',
          f: s,
        }))}
      />
    </div>
  );
}

/** The window the usage card opens with, in days. */
export const AI_USAGE_DAYS = 30;

/** Admin analytics: what the AI provider was asked for, and its estimated cost. */
export function AiUsage() {
  const [days, setDays] = useState<number>(AI_USAGE_DAYS);
  const usage = useAiUsage(days);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>AI usage and cost</CardTitle>
          <CardDescription>
            Tokens and estimated cost of interview turns and reports.
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="usage-days">Window</Label>
          <Select
            id="usage-days"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="w-36"
          >
            <Options
              options={AI_USAGE_DAY_OPTIONS.map((d) => ({ value: d, label: `Last ${d} days` }))}
            />
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        <QueryView
          query={usage}
          loading="Loading AI usage..."
          errorTitle="Failed to load AI usage"
          errorMessage={null}
        >
          {(data) => <Report data={data} />}
        </QueryView>
      </CardContent>
    </Card>
  );
}
