import { PatiencePicker } from '@/components/patience-picker';
import { SectionCard } from '@/components/ui/card';

/** Settings → Interview: how the interviewer waits at the end of an answer (decision 037). */
export function InterviewTab() {
  return (
    <SectionCard
      title="Interview"
      description="Saved in your account and used in every interview; the pre-start screen shows it too."
    >
      <PatiencePicker id="settings" />
    </SectionCard>
  );
}
