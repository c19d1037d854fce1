import type {
  CodingSpecInput,
  Difficulty,
  InterviewType,
  QuestionDifficulty,
  QuestionKind,
} from '@candor/shared';

export interface SeedQuestion {
  questionText: string;
  /** A model answer in a few sentences, shown in the report beside the candidate's. */
  expectedAnswer: string;
  /** Which rubric scores the answer. */
  kind: QuestionKind;
  /** The points a strong answer covers, one claim each: the report checks every one. */
  keyPoints: string[];
  difficulty: QuestionDifficulty;
  /** Seconds, 60–1800 in steps of 30. */
  timeLimit: number;
  /** With kind coding: the problem the candidate solves in the editor. */
  coding?: CodingSpecInput;
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
