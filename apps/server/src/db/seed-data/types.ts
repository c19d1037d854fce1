import type {
  CodingSpecInput,
  Difficulty,
  InterviewType,
  QuestionDifficulty,
  QuestionKind,
  SystemDesignSpecInput,
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
  /** With kind system-design: what the whiteboard round is judged against (issue 29). */
  systemDesign?: SystemDesignSpecInput;
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
