import { JOB_DESCRIPTION_LIMITS, RESUME_LIMITS } from '@candor/shared';
import { FileText, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';

const MAX_MB = RESUME_LIMITS.maxBytes / 1024 / 1024;

export interface DocumentsErrors {
  jobDescription?: string;
  file?: string;
  form?: string;
}

/**
 * Step one of "Practise for a job": the advert (required) and, optionally, the résumé. Both are
 * checked here for what the browser can know (length, size); the server reads them and refuses,
 * naming the field, what it cannot read (a scan, a damaged file).
 */
export function JobDescriptionStep({
  text,
  onText,
  resume,
  onResume,
  reading,
  errors,
  onSubmit,
}: {
  text: string;
  onText: (text: string) => void;
  resume: File | null;
  onResume: (file: File | null) => void;
  reading: boolean;
  errors: DocumentsErrors;
  onSubmit: () => void;
}) {
  const [local, setLocal] = useState<DocumentsErrors>({});
  const length = text.trim().length;
  const shown = { ...errors, ...local };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: DocumentsErrors = {};
    if (length < JOB_DESCRIPTION_LIMITS.minChars) {
      found.jobDescription = `Paste the whole advert: at least ${JOB_DESCRIPTION_LIMITS.minChars} characters (${length} so far).`;
    } else if (length > JOB_DESCRIPTION_LIMITS.maxChars) {
      found.jobDescription = `At most ${JOB_DESCRIPTION_LIMITS.maxChars.toLocaleString('en-GB')} characters: trim the company's part.`;
    }
    if (resume && resume.size > RESUME_LIMITS.maxBytes) {
      found.file = `A résumé may be at most ${MAX_MB} MB.`;
    }
    setLocal(found);
    if (Object.keys(found).length === 0) onSubmit();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileText className="size-5" aria-hidden /> The job you want
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-5" onSubmit={submit} noValidate aria-busy={reading}>
          <Field
            id="job-description"
            label="Job description"
            error={shown.jobDescription}
            hint="Paste the advert as it is: the title, what you would do, what they ask for."
          >
            <Textarea
              id="job-description"
              value={text}
              onChange={(e) => {
                onText(e.target.value);
                if (local.jobDescription) setLocal({ ...local, jobDescription: undefined });
              }}
              rows={12}
              aria-invalid={Boolean(shown.jobDescription)}
              maxLength={JOB_DESCRIPTION_LIMITS.maxChars + 1000}
              className="font-sans"
            />
          </Field>
          <p className="-mt-3 text-xs text-muted-foreground" aria-live="polite">
            {length.toLocaleString('en-GB')} /{' '}
            {JOB_DESCRIPTION_LIMITS.maxChars.toLocaleString('en-GB')} characters
          </p>
          <Field
            id="resume"
            label="Résumé (optional)"
            error={shown.file}
            hint={`PDF, DOCX or text, up to ${MAX_MB} MB. Read on the server; only you can see it, and you can delete it in Settings.`}
          >
            <Input
              id="resume"
              type="file"
              accept=".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
              aria-invalid={Boolean(shown.file)}
              className="h-auto py-2"
              onChange={(e) => {
                onResume(e.target.files?.[0] ?? null);
                setLocal({ ...local, file: undefined });
              }}
            />
          </Field>
          {shown.form ? <Banner tone="error">{shown.form}</Banner> : null}
          <Button type="submit" disabled={reading}>
            {reading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {reading
              ? 'Reading…'
              : resume
                ? 'Read the job description and résumé'
                : 'Read the job description'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
