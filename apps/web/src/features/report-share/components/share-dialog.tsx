import {
  SHARE_LINK_DAYS,
  type CreatedShareLink,
  type ShareLink,
  type ShareLinkDays,
} from '@candor/shared';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import { useCreateShareLink } from '../api/create-share-link';
import { useShareLinks } from '../api/get-share-links';
import { useRevokeShareLink } from '../api/revoke-share-link';

const days = (d: number) => (d === 1 ? '1 day' : `${d} days`);
const views = (n: number) => (n === 1 ? '1 view' : `${n} views`);

/**
 * Share this report: a link that opens it read-only without signing in, for 1, 7 or 30 days,
 * with the recordings only when ticked; the links still alive, how often each was opened, and
 * Revoke. The link is shown once, when made: the server keeps only a fingerprint of it.
 */
export function ShareDialog({
  interviewId,
  open,
  onOpenChange,
}: {
  interviewId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [expiresInDays, setDays] = useState<ShareLinkDays>(7);
  const [includeRecordings, setRecordings] = useState(false);
  const [made, setMade] = useState<CreatedShareLink | null>(null);
  const create = useCreateShareLink(interviewId);
  const name = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share this report"
      description="Anyone with the link can read this report, without signing in, until it expires or you revoke it. They cannot change anything."
      wide
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ expiresInDays, includeRecordings }, { onSuccess: setMade });
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Link expires after</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {SHARE_LINK_DAYS.map((d) => (
              <ChoiceCard
                key={d}
                name={name}
                value={String(d)}
                checked={expiresInDays === d}
                onChoose={() => setDays(d)}
                className="gap-2 p-3 text-sm"
              >
                {days(d)}
              </ChoiceCard>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={includeRecordings}
            onChange={(e) => setRecordings(e.target.checked)}
            className="mt-0.5 accent-primary"
          />
          <span>
            Include recordings of my answers
            <span className="block text-xs text-muted-foreground">
              Off: the reader sees your words and scores but cannot hear your voice.
            </span>
          </span>
        </label>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </Button>
        {create.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(create.error, 'The link could not be created')}
          </p>
        ) : null}
      </form>
      {made ? <NewLink link={made} /> : null}
      <ActiveLinks interviewId={interviewId} />
    </Dialog>
  );
}

function NewLink({ link }: { link: CreatedShareLink }) {
  const url = `${window.location.origin}${link.path}`;
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4 rounded-md border border-border bg-muted p-3">
      <label className="text-sm font-medium" htmlFor="new-share-link">
        Your new link
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="new-share-link"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 rounded-md border border-input bg-card px-2 text-sm"
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          <Copy aria-hidden /> Copy link
        </Button>
      </div>
      <p role="status" className="mt-1 text-xs text-muted-foreground">
        {copied
          ? 'Copied.'
          : 'Copy it now: for your privacy it is shown only this once. Expires ' +
            formatDayTime(link.expiresAt) +
            '.'}
      </p>
    </div>
  );
}

function ActiveLinks({ interviewId }: { interviewId: string }) {
  const links = useShareLinks(interviewId);
  const revoke = useRevokeShareLink(interviewId);
  return (
    <section className="mt-6" aria-labelledby="active-share-links">
      <h3 id="active-share-links" className="text-sm font-semibold">
        Active links
      </h3>
      {links.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading links…</p>
      ) : links.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(links.error, 'The links could not be loaded')}
        </p>
      ) : links.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No active links.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-md border border-border">
          {links.data.map((l) => (
            <LinkRow
              key={l.id}
              link={l}
              busy={revoke.isPending && revoke.variables === l.id}
              onRevoke={() => revoke.mutate(l.id)}
            />
          ))}
        </ul>
      )}
      {revoke.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(revoke.error, 'The link could not be revoked')}
        </p>
      ) : null}
    </section>
  );
}

function LinkRow({
  link,
  busy,
  onRevoke,
}: {
  link: ShareLink;
  busy: boolean;
  onRevoke: () => void;
}) {
  const made = formatDayTime(link.createdAt);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
      data-testid="share-link"
    >
      <div>
        <p className="font-medium">Created {made}</p>
        <p className="text-xs text-muted-foreground">
          Expires {formatDayTime(link.expiresAt)} · {views(link.views)} ·{' '}
          {link.includeRecordings ? 'recordings included' : 'no recordings'}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={onRevoke}
        aria-label={`Revoke the link created ${made}`}
      >
        {busy ? 'Revoking…' : 'Revoke'}
      </Button>
    </li>
  );
}
