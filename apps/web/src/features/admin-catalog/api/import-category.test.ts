import { describe, expect, it } from 'vitest';
import { parseImportFile } from './import-category';

const doc = {
  version: 1,
  category: { name: 'Robotics', description: '', icon: '🤖', isActive: true },
  sets: [
    {
      title: 'Arms',
      type: 'fixed',
      difficulty: 'senior',
      duration: 30,
      topics: ['Kinematics'],
      questions: [{ questionText: 'What is inverse kinematics?', timeLimit: 300 }],
    },
  ],
};

describe('parseImportFile', () => {
  it('accepts a valid export', () => {
    expect(parseImportFile(JSON.stringify(doc)).category.name).toBe('Robotics');
  });
  it('names the first bad field, so nothing half-valid is sent', () => {
    const bad = structuredClone(doc);
    bad.sets[0]!.questions[0]!.timeLimit = 45;
    expect(() => parseImportFile(JSON.stringify(bad))).toThrow(
      'sets.0.questions.0.timeLimit: Time limit must be between 60 and 1800 seconds',
    );
    expect(() => parseImportFile('{')).toThrow('The file is not valid JSON');
    expect(() =>
      parseImportFile(JSON.stringify({ ...doc, sets: [{ ...doc.sets[0], questions: [] }] })),
    ).toThrow('sets.0.questions: A fixed interview set needs at least one question');
  });
});
