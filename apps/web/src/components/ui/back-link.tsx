import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** "← Back to …": the link above a screen to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}
