import { interviewSetupSchema } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { readInterviewSetup } from './get-interview-setup';

/** The hand-written reader and the server's response schema agree on every answer. */
describe('readInterviewSetup', () => {
  const answers: unknown[] = [
    { recognition: 'browser', voice: 'browser', coachesMayListen: false },
    { recognition: 'server', voice: 'browser', coachesMayListen: true },
    { recognition: 'server', voice: 'server', coachesMayListen: true, extra: 1 },
    { recognition: 'Server', voice: 'server', coachesMayListen: true },
    { recognition: 'server', voice: 'cloud', coachesMayListen: true },
    { recognition: 'server', voice: 'server', coachesMayListen: 'yes' },
    { recognition: 'server', voice: 'server' },
    { voice: 'server', coachesMayListen: false },
    { recognition: ['server'], voice: 'server', coachesMayListen: false },
    { recognition: 'toString', voice: 'server', coachesMayListen: false },
    null,
    'server',
    [],
  ];
  it.each(answers.map((a) => [JSON.stringify(a), a]))('%s', (_name, answer) => {
    const expected = interviewSetupSchema.safeParse(answer);
    if (expected.success) expect(readInterviewSetup(answer)).toEqual(expected.data);
    else expect(() => readInterviewSetup(answer)).toThrow(/interview setup: /);
  });
});
