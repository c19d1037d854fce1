import type { TailoredDocumentSummary } from '@candor/shared';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Banner, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format-date';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments } from '../api/get-documents';

const KIND_LABELS: Record<TailoredDocumentSummary['kind'], string> = {
  'job-description': 'Job description',
  resume: 'Résumé',
};

/**
 * Settings → Account: the job descriptions and résumés the candidate gave for tailored interviews
 * (issue 15), each deletable. Only the text read from them is kept, never the file.
 */
export function DocumentsCard() {
  const documents = useDocuments();
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<TailoredDocumentSummary | null>(null);

  return (
    <SectionCard
      title="Your documents"
      description="Job descriptions and résumés you gave for tailored interviews. Only you can see these. They are sent to an AI provider only when your organisation has configured one."
      contentClassName="space-y-3"
    >
      <QueryView
        query={documents}
        loading="Loading your documents..."
        errorTitle="Cannot load your documents"
        retryLabel="Retry"
      >
        {(data) =>
          data.documents.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No documents yet. When you practise for a job, the job description and résumé you give
              are listed here.
            </p>
          ) : (
            <ul
              className="divide-y divide-border rounded-md border border-border"
              aria-label="Your documents"
            >
              {data.documents.map((d) => (
                <li key={d.id} className="flex items-center gap-3 p-3">
                  <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{d.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {KIND_LABELS[d.kind]} · {formatDay(d.createdAt)}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${d.name}`}
                    disabled={remove.isPending}
                    onClick={() => setDeleting(d)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {remove.isError ? (
        <Banner tone="error">
          {errorMessage(remove.error, 'The document could not be deleted. Please try again.')}
        </Banner>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this document?"
        message={`“${deleting?.name ?? ''}” is deleted. Interviews you already took keep their reports. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      />
    </SectionCard>
  );
}
