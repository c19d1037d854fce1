import { describe, expect, it } from 'vitest';
import { questionInputSchema, systemDesignQuestionIssue } from './catalog';
import { systemDesignSpecSchema, tradeOffSides } from './system-design';

const SPEC = {
  functionalRequirements: ['Shorten a URL', '  ', 'Shorten a URL', 'Redirect'],
  buildingBlocks: [
    { name: 'Client' },
    { name: 'Load balancer', synonyms: ['LB', ' nginx ', ''] },
    { name: 'Database', synonyms: ['DB'] },
  ],
  flows: [['Client', 'load balancer', 'Database']],
  tradeOffs: ['SQL vs NoSQL', 'push versus pull'],
  scaleFigures: ['100M links a month'],
};

describe('the system-design spec', () => {
  it('cleans its lists and keeps defaults for what is left out', () => {
    const spec = systemDesignSpecSchema.parse(SPEC);
    expect(spec.functionalRequirements).toEqual(['Shorten a URL', 'Redirect']);
    expect(spec.nonFunctionalRequirements).toEqual([]);
    expect(spec.buildingBlocks[0]).toEqual({ name: 'Client', synonyms: [] });
    expect(spec.buildingBlocks[1]!.synonyms).toEqual(['LB', 'nginx']);
  });

  it.each([
    [
      { functionalRequirements: [] },
      'functionalRequirements',
      'At least one functional requirement',
    ],
    [{ buildingBlocks: [] }, 'buildingBlocks', 'At least one building block'],
    [{ flows: [['Client', 'Cache']] }, 'flows.0', 'Flow step "Cache" is not a building block'],
    [{ flows: [['Client']] }, 'flows.0', 'A flow joins at least two building blocks'],
    [{ tradeOffs: ['consistency'] }, 'tradeOffs', 'Each trade-off names both sides: "A vs B"'],
    [
      { buildingBlocks: [{ name: 'DB' }, { name: 'db' }] },
      'buildingBlocks',
      'Each building block has its own name',
    ],
    [
      { scaleFigures: ['x'.repeat(201)] },
      'scaleFigures.0',
      'Scale figures must be at most 200 characters',
    ],
    [{ buildingBlocks: 'Client' }, 'buildingBlocks', 'Building blocks must be a list'],
  ])('refuses %j, naming %s', (patch, path, message) => {
    const parsed = systemDesignSpecSchema.safeParse({ ...SPEC, ...patch });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toBe(message);
  });

  it('pairs the kind and its spec, both ways', () => {
    const design = questionInputSchema.parse({
      questionText: 'Design a URL shortener',
      kind: 'system-design',
      systemDesign: SPEC,
    });
    expect(systemDesignQuestionIssue(design)).toBeNull();
    expect(systemDesignQuestionIssue({ kind: 'system-design' })).toMatch(/needs its problem spec/);
    expect(systemDesignQuestionIssue({ kind: 'technical', systemDesign: SPEC })).toMatch(
      /Only a system-design question/,
    );
  });

  it('reads the two sides of a trade-off', () => {
    expect(tradeOffSides('SQL vs NoSQL')).toEqual(['SQL', 'NoSQL']);
    expect(tradeOffSides('fail open versus fail closed')).toEqual(['fail open', 'fail closed']);
  });
});
