import { useRouteError } from 'react-router';
import { ErrorState } from '@/components/ui/states';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <ErrorState
      className="min-h-screen"
      title="Something went wrong"
      message="An unexpected error occurred. Reload the page to try again; your interview answers are saved on the server."
      onRetry={() => window.location.reload()}
      retryLabel="Reload"
    />
  );
}
