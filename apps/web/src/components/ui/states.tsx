import { AlertCircle, Inbox, Loader2 } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNotFound } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Button } from './button';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <Loader2
      className={cn('size-5 animate-spin text-primary', className)}
      aria-label={label ?? 'Loading'}
    />
  );
}

/** A loading state with the screen's own words ('Loading dashboard data...'). */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground',
        className,
      )}
    >
      <Spinner />
      <p className="text-sm">{text}</p>
    </div>
  );
}

export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Try Again',
  action,
  className,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
  /** A way out beside (or instead of) retrying, e.g. a link back to a list. */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center justify-center gap-3 py-16 text-center', className)}
    >
      <AlertCircle className="size-10 text-destructive" aria-hidden />
      <h2 className="text-lg font-semibold">{title}</h2>
      {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      {onRetry || action ? (
        <div className="flex flex-wrap items-center justify-center gap-2">
          {onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              {retryLabel}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}

/**
 * What a screen shows for one query: its loading text, its failure with a retry, else `children`
 * given the data. The failure says the error's own message unless `errorMessage` is given (null:
 * no message).
 */
export function QueryView<T>({
  query,
  loading,
  errorTitle,
  errorMessage = query.error?.message,
  retryLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  errorTitle: string;
  errorMessage?: string | null;
  retryLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState text={loading} />;
  if (query.isError)
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage ?? undefined}
        onRetry={() => void query.refetch()}
        retryLabel={retryLabel}
      />
    );
  return children(query.data);
}

/**
 * A query for one thing that failed: "not found" as an empty state with the way back (`action`),
 * any other failure with a retry.
 */
export function QueryFailure({
  query,
  notFound,
  failed,
  action,
}: {
  query: { error: Error | null; refetch: () => unknown };
  notFound: { title: string; message: string };
  failed: { title: string; message?: string };
  action: ReactNode;
}) {
  if (isNotFound(query.error)) return <EmptyState {...notFound} action={action} />;
  return <ErrorState {...failed} onRetry={() => void query.refetch()} />;
}

/**
 * A screen that needs several queries, one (or more) failed: the first error, and one retry that
 * asks for each again.
 */
export function QueriesErrorState({
  title,
  queries,
}: {
  title: string;
  queries: { error: Error | null; refetch: () => unknown }[];
}) {
  return (
    <ErrorState
      title={title}
      message={queries.find((q) => q.error)?.error?.message}
      onRetry={() => queries.forEach((q) => void q.refetch())}
    />
  );
}

export function EmptyState({
  title,
  message,
  action,
  icon,
  className,
}: {
  title: string;
  message?: string;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border py-14 text-center',
        className,
      )}
    >
      {icon ?? <Inbox className="size-10 text-muted-foreground" aria-hidden />}
      <h2 className="text-lg font-semibold">{title}</h2>
      {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      {action}
    </div>
  );
}

/** A green or red banner (profile save, credentials). */
export function Banner({
  tone,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
}) {
  const styles = {
    success:
      'border-green-600/30 bg-green-50 text-green-900 dark:bg-green-950/50 dark:text-green-200',
    error: 'border-red-600/30 bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200',
    info: 'border-blue-600/30 bg-blue-50 text-blue-900 dark:bg-blue-950/50 dark:text-blue-200',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', styles)}
    >
      {children}
    </div>
  );
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}
