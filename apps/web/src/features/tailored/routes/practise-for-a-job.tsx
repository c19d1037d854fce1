import type { ResumeProfile, TailoredJobDescription } from '@candor/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateTailoredInterview } from '../api/create-tailored-interview';
import { useReadJobDescription } from '../api/read-job-description';
import { useUploadResume } from '../api/upload-resume';
import { ConfirmSkillsStep } from '../components/confirm-skills-step';
import { JobDescriptionStep, type DocumentsErrors } from '../components/job-description-step';

interface Read {
  job: TailoredJobDescription;
  /** The advert's text as read: reading it again only when it changed. */
  text: string;
  resume: { id: string; profile: ResumeProfile } | null;
  resumeFile: File | null;
}

/**
 * /practice/job: "Practise for a job" (issue 15). The candidate pastes the advert and may add a
 * résumé; the server reads both; the candidate confirms the skills; the attempt is made and the
 * interview's pre-start screen follows.
 */
export function PractiseForAJobPage() {
  useDocumentTitle('Practise for a job');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [resume, setResume] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [errors, setErrors] = useState<DocumentsErrors>({});
  const [read, setRead] = useState<Read | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateTailoredInterview();
  const readJob = useReadJobDescription();
  const readResume = useUploadResume();

  const readDocuments = async () => {
    setReading(true);
    setErrors({});
    try {
      // What was read already is not sent again (a résumé refused, then fixed).
      const job =
        read && read.text === text.trim() ? read.job : await readJob.mutateAsync(text.trim());
      let profile: Read['resume'] = null;
      try {
        profile = resume
          ? read?.resumeFile === resume && read.resume
            ? read.resume
            : await readResume.mutateAsync(resume)
          : null;
      } catch (err) {
        setRead({ job, text: text.trim(), resume: null, resumeFile: null });
        throw err;
      }
      setRead({ job, text: text.trim(), resume: profile, resumeFile: resume });
      setConfirming(true);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.jobDescription || fields?.file) {
        setErrors({ jobDescription: fields.jobDescription, file: fields.file });
      } else setErrors({ form: errorMessage(err, 'The documents could not be read') });
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/practice"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Practice
      </Link>
      <PageHeader
        title="Practise for a job"
        description="Paste the job you are applying for, and your résumé if you like: the interview is drawn from the skills it asks for and the projects you have done."
      />
      {confirming && read ? (
        <ConfirmSkillsStep
          found={read.job.requirements}
          resume={read.resume?.profile ?? null}
          creating={create.isPending}
          error={
            create.error ? errorMessage(create.error, 'The interview could not be created') : null
          }
          onBack={() => setConfirming(false)}
          onConfirm={(choices) =>
            create.mutate(
              {
                jobDescriptionId: read.job.id,
                resumeId: read.resume?.id ?? null,
                requirements: choices.requirements,
                duration: choices.duration,
                difficulty: choices.requirements.level,
                followUpDepth: choices.followUpDepth,
              },
              { onSuccess: ({ id }) => void navigate(`/interview/job/${id}`) },
            )
          }
        />
      ) : (
        <JobDescriptionStep
          text={text}
          onText={setText}
          resume={resume}
          onResume={setResume}
          reading={reading}
          errors={errors}
          onSubmit={() => void readDocuments()}
        />
      )}
    </div>
  );
}
