import type { SeedCategory } from './types';

export const behavioral: SeedCategory = {
  name: 'Behavioral',
  icon: '💬',
  description: 'Teamwork, conflict, ownership and leadership stories, told with the STAR method.',
  sets: [
    {
      title: 'Behavioral Essentials (STAR)',
      description:
        'The questions behind every hiring loop, answered with Situation, Task, Action and Result.',
      type: 'fixed',
      difficulty: 'junior',
      duration: 30,
      showHome: true,
      topics: ['STAR Method', 'Teamwork', 'Conflict Resolution', 'Learning', 'Ownership'],
      questions: [
        {
          questionText: 'Tell me about a project you are proud of and what your part in it was.',
          expectedAnswer:
            "A strong answer uses STAR: sets the situation and goal briefly, states the candidate's own task and responsibility, spends most of the time on the specific actions they personally took (technical decisions, collaboration, obstacles overcome), and ends with a measurable result such as users served, time saved or performance improved, plus what they learned. It says I rather than only we, and stays under about two minutes.",
          kind: 'behavioural',
          keyPoints: [
            'Sets the situation and the goal briefly',
            'States their own responsibility in the project',
            'Describes the specific actions they personally took',
            'Ends with a measurable result',
            'Says what they learned',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'Describe a time you disagreed with a teammate. How did you handle it?',
          expectedAnswer:
            'A good answer describes a real disagreement about something that mattered, shows that the candidate listened to understand the other view, kept the discussion about the problem rather than the person, used data, prototypes or a small experiment to decide, involved a lead only when needed, and committed to the final decision even if it was not theirs. The result should be concrete, with the relationship intact and a lesson learned.',
          kind: 'behavioural',
          keyPoints: [
            'Describes a real disagreement about something that mattered',
            'Listened to understand the other view',
            'Kept the discussion about the problem, not the person',
            'Used data, a prototype or an experiment to decide',
            'Committed to the final decision',
            'Ends with a concrete result and the relationship intact',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText: 'Tell me about a mistake you made at work and what you did about it.',
          expectedAnswer:
            'The candidate should pick a genuine mistake with real impact, take ownership without blaming others, explain how they noticed it, what they did immediately to limit the damage and communicate it, how they fixed the root cause, and what process change or habit now prevents it, such as adding tests, a checklist or monitoring. Honesty and learning matter more than the size of the mistake.',
          kind: 'behavioural',
          keyPoints: [
            'Picks a real mistake with real impact',
            'Takes responsibility without blaming others',
            'Explains how they noticed the mistake',
            'Limited the damage and told the people affected',
            'Fixed the root cause',
            'Changed a process or habit so it does not happen again',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText: 'How do you learn a new technology quickly when a project needs it?',
          expectedAnswer:
            'A strong answer gives a concrete example and a method: start from the official documentation and a small working prototype, focus on what the project needs first, learn from existing code and colleagues, ask targeted questions, write notes or a short guide for the team, and validate understanding by shipping something small and getting review. It mentions how long it took and the outcome.',
          kind: 'behavioural',
          keyPoints: [
            'Gives a concrete example',
            'Starts from the official documentation and a small prototype',
            'Learns from existing code and colleagues',
            'Writes notes or a short guide for the team',
            'Ships something small and gets it reviewed',
            'Says how long it took and the outcome',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'Describe a time you had to deliver under a tight deadline. What trade-offs did you make?',
          expectedAnswer:
            'The answer should explain the deadline and its reason, how the candidate clarified what really had to ship, negotiated scope with stakeholders, prioritised the critical path, communicated risks early, and which corners they consciously did not cut (tests for critical paths, security) versus what they deferred with a recorded follow-up. It ends with the result and whether the deferred work was done afterwards.',
          kind: 'behavioural',
          keyPoints: [
            'Explains the deadline and its reason',
            'Clarified what really had to ship',
            'Negotiated scope with stakeholders',
            'Communicated risks early',
            'Kept tests and security for critical paths and deferred the rest with a follow-up',
            'Ends with the result and whether the deferred work was done',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
      ],
    },
    {
      title: 'Engineering Leadership',
      description:
        'Influence without authority, mentoring, technical strategy and leading through ambiguity.',
      type: 'topic-based',
      difficulty: 'staff',
      duration: 45,
      topics: [
        'Technical Leadership',
        'Mentoring',
        'Stakeholder Management',
        'Decision Making',
        'Strategy',
      ],
      aiPrompt:
        "You are interviewing a staff or principal engineer with behavioural questions. Ask for stories about driving a cross-team technical initiative, changing a team's direction without formal authority, mentoring engineers, handling a failing project, and making a decision with incomplete information. Follow up on their specific actions and measurable results.",
    },
  ],
};
