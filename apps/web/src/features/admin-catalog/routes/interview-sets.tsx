import { PageHeader } from '@/components/ui/states';

/** Placeholder until its issue fills the screen. */
export function InterviewSetsPage() {
  return <PageHeader title="Interview Sets" />;
}
