import { describe, expect, it } from 'vitest';
import { createSandbox, LanguageUnavailableError } from './index';
import { probeIsolation, pythonSupport, type PythonIsolation } from './isolation';

/**
 * Where the machine cannot give the Python runner its own network namespace, CODE_PYTHON decides
 * (issue 24): `auto` (the default) turns Python off and says why, `on` runs it and warns, `off`
 * turns it off. Nothing here starts a Python child.
 */

const none: PythonIsolation = {
  prefix: [],
  network: false,
  missing: ['a network namespace (the unshare command is not installed)'],
};

describe('the Python runner’s isolation and CODE_PYTHON', () => {
  it('finds no namespace without unshare, or with one that does not run, and says what is missing', async () => {
    const absent = await probeIsolation({ unshare: null, setpriv: null });
    expect(absent).toMatchObject({ prefix: [], network: false });
    expect(absent.missing.join(' ')).toMatch(/unshare command is not installed/);
    expect(absent.missing.join(' ')).toMatch(/pdeathsig/);
    const broken = await probeIsolation({ unshare: '/nonexistent/unshare', setpriv: null });
    expect(broken.network).toBe(false);
    expect(broken.missing.join(' ')).toMatch(/unshare -rn and unshare -n both failed/);
  });

  it('turns Python off with `auto` where there is no namespace, warning how to choose', () => {
    const auto = pythonSupport('auto', none);
    expect(auto).toMatchObject({ enabled: false, level: 'warn' });
    expect(auto.message).toMatch(/CODE_PYTHON=on/);
    expect(auto.message).toMatch(/unshare command is not installed/);
    const on = pythonSupport('on', none);
    expect(on).toMatchObject({ enabled: true, level: 'warn' });
    expect(on.message).toMatch(/WITHOUT network isolation/);
    expect(pythonSupport('off', { ...none, network: true, missing: [] })).toMatchObject({
      enabled: false,
      level: 'info',
    });
    expect(
      pythonSupport('auto', { prefix: ['unshare'], network: true, missing: [] }),
    ).toMatchObject({ enabled: true, level: 'info' });
  });

  it('a sandbox without the namespace runs JavaScript only, and refuses Python by name', async () => {
    const sandbox = createSandbox({ isolation: async () => none });
    try {
      expect(await sandbox.languages()).toEqual(['javascript']);
      await expect(
        sandbox.run(
          {
            language: 'python',
            code: 'def f():\n    return 1\n',
            entryPoint: 'f',
            tests: [{ input: '[]', expected: '1' }],
            timeLimitMs: 1_000,
          },
          { owner: 'candidate' },
        ),
      ).rejects.toBeInstanceOf(LanguageUnavailableError);
      const on = createSandbox({ isolation: async () => none, python: 'on' });
      expect(await on.languages()).toEqual(['javascript', 'python']);
      await on.close();
    } finally {
      await sandbox.close();
    }
  });
});
