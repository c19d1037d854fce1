import { PageHeader } from '@/components/ui/states';

/** Placeholder until its issue fills the screen. */
export function QuestionsPage() {
  return <PageHeader title="Questions" />;
}
