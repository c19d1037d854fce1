import { GraduationCap } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Banner, LoadingState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format-date';
import { useMe } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInvitePreview } from '../api/get-invite';
import { useJoinCohort } from '../api/join-cohort';

/** Why a link opens nothing, in the candidate's words, by the server's code. */
function closedReason(err: unknown): string {
  if (err instanceof ApiError && err.code === 'INVITE_FULL')
    return 'Every place this link offers is taken. Ask your coach for a new link.';
  if (err instanceof ApiError && err.code === 'INVITE_EXPIRED')
    return 'This invite link has expired. Ask your coach for a new link.';
  if (err instanceof ApiError && (err.status === 404 || err.status === 400))
    return 'This invite link is not valid. Check that it was copied whole.';
  return errorMessage(err);
}

/**
 * An invite link to a cohort (issue 31): anyone may open it and see which cohort it is; a signed-in
 * candidate joins with one click, anyone else signs in or up first and comes back here.
 */
export function JoinCohortPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const preview = useInvitePreview(token);
  const me = useMe();
  const join = useJoinCohort();
  useDocumentTitle('Join a cohort');
  const back = { from: location.pathname };

  let body;
  if (preview.isPending || me.isPending) body = <LoadingState text="Opening the invite..." />;
  else if (preview.isError) body = <Banner tone="error">{closedReason(preview.error)}</Banner>;
  else if (join.isSuccess)
    body = (
      <div className="space-y-4">
        <Banner tone="success">
          {join.data.joined
            ? `You joined ${join.data.cohort.name}.`
            : `You are already in ${join.data.cohort.name}.`}
        </Banner>
        <Link to="/" className={buttonVariants()}>
          Go to your dashboard
        </Link>
      </div>
    );
  else if (me.data)
    body = (
      <div className="space-y-4">
        {join.isError ? <Banner tone="error">{closedReason(join.error)}</Banner> : null}
        <p className="text-sm text-muted-foreground">
          Signed in as {me.data.email}. Your coaches will see your practice and reports.
        </p>
        <Button disabled={join.isPending} onClick={() => join.mutate(token)}>
          {join.isPending ? 'Joining...' : `Join ${preview.data.cohort.name}`}
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Sign in, or create an account, then come back here to join. Your coaches will see your
          practice and reports.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/signup" state={back} className={buttonVariants()}>
            Create an account
          </Link>
          <Link to="/login" state={back} className={buttonVariants({ variant: 'outline' })}>
            Sign in
          </Link>
        </div>
      </div>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <GraduationCap className="size-8 text-primary" aria-hidden />
          {/* The page's own title: the card is the whole page. */}
          <h1 className="text-lg font-semibold leading-tight">
            {preview.data ? `Join ${preview.data.cohort.name}` : 'Join a cohort'}
          </h1>
          {preview.data ? (
            <CardDescription>
              {formatCalendarDay(preview.data.cohort.startsOn)} –{' '}
              {formatCalendarDay(preview.data.cohort.endsOn)}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </main>
  );
}
