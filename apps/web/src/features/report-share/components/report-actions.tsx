import { reportPdfUrl } from '@candor/shared';
import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadPdfLink } from './download-pdf-link';

// The share dialog (its form, the links list and their queries) loads when it is first opened:
// the report's first load carries two buttons only.
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));

/** The candidate's own report: download it as a PDF, or share it by link. */
export function ReportActions({ interviewId }: { interviewId: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <DownloadPdfLink href={reportPdfUrl(interviewId)} />
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Share2 aria-hidden /> Share
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ShareDialog interviewId={interviewId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
