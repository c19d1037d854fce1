import type { Difficulty, InterviewType, QuestionDifficulty } from '@candor/shared';

export interface SeedQuestion {
  questionText: string;
  /** The key points a strong answer covers, in a few sentences; the evaluator checks coverage. */
  expectedAnswer: string;
  difficulty: QuestionDifficulty;
  /** Seconds, 60–1800 in steps of 30. */
  timeLimit: number;
}

export interface SeedSet {
  title: string;
  description: string;
  type: InterviewType;
  difficulty: Difficulty;
  duration: number;
  topics: string[];
  showHome?: boolean;
  aiPrompt?: string;
  questions?: SeedQuestion[];
}

export interface SeedCategory {
  name: string;
  description: string;
  icon: string;
  sets: SeedSet[];
}
