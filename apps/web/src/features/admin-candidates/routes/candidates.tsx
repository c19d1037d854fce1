import { PageHeader } from '@/components/ui/states';

/** Placeholder until its issue fills the screen. */
export function CandidatesPage() {
  return <PageHeader title="Candidates" />;
}
