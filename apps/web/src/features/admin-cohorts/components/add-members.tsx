import {
  COHORT_LIMITS,
  MEMBER_IMPORT_OUTCOME_LABELS,
  MEMBER_IMPORT_OUTCOMES,
  type MemberImportResult,
} from '@candor/shared';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { TextareaField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useImportMembers } from '../api/import-members';

const TONES = {
  added: 'green',
  already_member: 'grey',
  duplicate: 'grey',
  unknown: 'red',
  invalid: 'red',
  not_candidate: 'red',
} as const;

/** What became of each line: the counts, then every line that was not simply added first. */
export function ImportReport({ result }: { result: MemberImportResult }) {
  const lines = [...result.lines].sort(
    (a, b) => Number(a.outcome === 'added') - Number(b.outcome === 'added') || a.line - b.line,
  );
  return (
    <div className="space-y-3" data-testid="import-report">
      <p role="status" className="text-sm">
        {MEMBER_IMPORT_OUTCOMES.filter((o) => result.counts[o] > 0)
          .map((o) => `${MEMBER_IMPORT_OUTCOME_LABELS[o]}: ${result.counts[o]}`)
          .join(' · ') || 'Nothing to add.'}
      </p>
      {lines.length > 0 ? (
        <DataTable
          readOnly
          caption="What became of each line"
          columns={[{ label: 'Line' }, { label: 'Name' }, { label: 'Email' }, { label: 'Result' }]}
        >
          {lines.map((l, i) => (
            <tr key={`${l.line}-${i}`} className="border-b border-border" data-testid="import-line">
              <td className="p-2 tabular-nums">{l.line}</td>
              <td className="p-2">{l.name ?? ''}</td>
              <td className="p-2">{l.email ?? ''}</td>
              <td className="p-2">
                <Badge tone={TONES[l.outcome]}>{MEMBER_IMPORT_OUTCOME_LABELS[l.outcome]}</Badge>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}

/**
 * Adding candidates who have an account: a pasted list of e-mail addresses, or a CSV file with
 * an e-mail column (and names, shown back to help find anyone not found). People without an
 * account join through an invite link instead.
 */
export function AddMembers({ cohortId }: { cohortId: string }) {
  const add = useImportMembers();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { list: useId(), file: useId() };

  const send = (format: 'list' | 'csv', body: string) => {
    setError(null);
    if (body.length > COHORT_LIMITS.importMaxChars) {
      setError(`That is more than ${COHORT_LIMITS.importMaxChars / 1024} KB of text: split it.`);
      return;
    }
    add.mutate(
      { id: cohortId, format, text: body },
      {
        onSuccess: (r) => {
          setResult(r);
          if (format === 'list') setText('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    // Read here and sent as text: the server reads no file, and a huge one is stopped before.
    if (file.size > COHORT_LIMITS.importMaxChars * 4) {
      setError(
        `${file.name} is too large: at most ${COHORT_LIMITS.importMaxEntries} people a file.`,
      );
      return;
    }
    send('csv', await file.text());
  };

  return (
    <SectionCard
      title="Add candidates"
      description="Candidates with an account, by e-mail. Anyone not found is listed with their line."
    >
      <Tabs defaultValue="list">
        <TabsList>
          <TabsTrigger value="list">Paste e-mails</TabsTrigger>
          <TabsTrigger value="csv">Upload CSV</TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="space-y-3">
          <TextareaField
            id={ids.list}
            label="E-mail addresses"
            hint="One per line, or separated by commas; “Name <address>” as mail programs copy them works too."
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={6}
          />
          <Button disabled={add.isPending || !text.trim()} onClick={() => send('list', text)}>
            {add.isPending ? 'Adding...' : 'Add to cohort'}
          </Button>
        </TabsContent>
        <TabsContent value="csv" className="space-y-3">
          <p className="text-sm text-muted-foreground">
            A column headed Email (and Name, or First name and Last name), separated by commas or
            semicolons, as spreadsheets save it.
          </p>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="sr-only"
            aria-label="CSV file of candidates"
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            variant="outline"
            disabled={add.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <Upload aria-hidden /> {add.isPending ? 'Adding...' : 'Choose a CSV file'}
          </Button>
        </TabsContent>
      </Tabs>
      {error ? (
        <div className="mt-4">
          <Banner tone="error">{error}</Banner>
        </div>
      ) : null}
      {result ? (
        <div className="mt-4">
          <ImportReport result={result} />
        </div>
      ) : null}
    </SectionCard>
  );
}
