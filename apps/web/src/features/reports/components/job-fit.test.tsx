import type { CandidateQuestionsReport, JobFit } from '@candor/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CandidateQuestionsCard, JobFitCard } from './job-fit';

const FIT: JobFit = {
  role: 'Senior Backend Engineer',
  skills: [
    {
      skill: 'Go',
      covered: true,
      score: 74,
      questions: ['How do you avoid goroutine leaks?'],
      evidence: ['I passed a context with a deadline to every call.'],
      comment: 'Strong: your answers on Go were accurate and specific.',
    },
    {
      skill: 'Kafka',
      covered: true,
      score: null,
      questions: ['How would you make a consumer safe to restart?'],
      evidence: [],
      comment:
        'Not shown: you were asked about Kafka, but no answer named it or said what you did with it.',
    },
    {
      skill: 'Kubernetes',
      covered: false,
      score: null,
      questions: [],
      evidence: [],
      comment: 'Not covered in this interview: practise Kubernetes next.',
    },
  ],
  practiseNext: ['Kafka', 'Kubernetes'],
};

const ASKED: CandidateQuestionsReport = {
  invited: true,
  questions: [
    {
      question: 'How big is the team I would join?',
      answer: 'The job description says: "You will join a team of six engineers."',
      quality: 'strong',
      feedback: 'A strong question.',
    },
    {
      question: 'What is the salary?',
      answer: null,
      quality: 'weak',
      feedback: 'Ask the recruiter.',
    },
  ],
  feedback: 'You asked 2 questions, 1 of them strong.',
};

describe('the tailored report sections', () => {
  it('shows each required skill with its score out of 10, the words behind it, and what to practise next', () => {
    render(<JobFitCard fit={FIT} />);
    expect(screen.getByRole('heading', { name: 'Fit for this job' })).toBeTruthy();
    const skills = within(screen.getByRole('list', { name: 'Required skills' }));
    const [go, kafka, k8s] = skills
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Required skills');
    expect(within(go!).getByLabelText('Score 7 out of 10').textContent).toBe('7/10');
    expect(go!.textContent).toContain('“I passed a context with a deadline to every call.”');
    expect(within(k8s!).getByText('Not covered')).toBeTruthy();
    // Asked, but never shown: no score, and no quote (issue 28).
    expect(within(kafka!).getByText('Not shown')).toBeTruthy();
    expect(within(kafka!).queryByLabelText(/out of 10/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Practise next' }).nextSibling?.textContent).toBe(
      'Kafka, Kubernetes',
    );
  });

  it('lists the candidate’s questions with the answers, a labelled quality and the feedback', () => {
    render(<CandidateQuestionsCard asked={ASKED} />);
    expect(screen.getByRole('heading', { name: 'Your questions' })).toBeTruthy();
    expect(screen.getByText('Strong question')).toBeTruthy();
    expect(screen.getByText('Weak question')).toBeTruthy();
    expect(screen.getByText(/six engineers/)).toBeTruthy();
    expect(screen.getByText('You asked 2 questions, 1 of them strong.')).toBeTruthy();
  });

  it('renders nothing for reports without them', () => {
    const { container } = render(
      <>
        <JobFitCard fit={undefined} />
        <CandidateQuestionsCard asked={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
