import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Banner, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useAccount } from '../api/get-account';
import { useDownloadMyData } from '../api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DocumentsCard } from './documents-card';
import { RecordingsCard } from './recordings-card';

/** Settings → Account: "Download my data" and "Delete my account" (issue 17). */
export function AccountTab() {
  const account = useAccount();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="space-y-6">
      <SectionCard
        title="Your data"
        description="One JSON file with everything Candor keeps about you: your profile, every interview with its conversation (and where the recording of each answer plays), and your reports."
        contentClassName="space-y-4"
      >
        {download.isError ? (
          <Banner tone="error">
            {errorMessage(download.error, 'Your data could not be downloaded. Please try again.')}
          </Banner>
        ) : download.isSuccess ? (
          <Banner tone="success">Your data was saved as {download.data}.</Banner>
        ) : null}
        <Button
          variant="outline"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          <Download aria-hidden />
          {download.isPending ? 'Preparing your data...' : 'Download my data'}
        </Button>
      </SectionCard>

      <RecordingsCard />

      <DocumentsCard />

      <SectionCard
        title="Delete my account"
        description="Permanently deletes your account, your interviews with their conversations and reports, and any files kept for you. This cannot be undone: download your data first if you want to keep it."
        className="border-destructive/40"
      >
        <QueryView
          query={account}
          loading="Loading your account..."
          errorTitle="Cannot load your account"
          retryLabel="Retry"
        >
          {(data) => (
            <>
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                Delete my account
              </Button>
              <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} account={data} />
            </>
          )}
        </QueryView>
      </SectionCard>
    </div>
  );
}
