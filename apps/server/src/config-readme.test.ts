import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config';

/** The README's configuration table is the operators' reference: every variable the server reads is in it. */
describe('the configuration table of the README', () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('### A PostgreSQL'),
  );
  const documented = new Set(
    table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );

  it('lists every variable of the schema, and none that is not read', () => {
    const keys = Object.keys(configSchema.shape);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
    expect([...documented].filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('refuses a short METRICS_TOKEN at start-up, naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('refuses a server speech provider with neither key nor address, and a bad address', () => {
    expect(() => loadConfig({ STT_PROVIDER: 'openai' })).toThrow(
      /STT_API_KEY: STT_PROVIDER=openai needs STT_API_KEY/,
    );
    expect(() => loadConfig({ TTS_PROVIDER: 'openai', TTS_BASE_URL: 'kokoro:8880' })).toThrow(
      /TTS_BASE_URL: TTS_BASE_URL must be an http/,
    );
    expect(() => loadConfig({ STT_PROVIDER: 'whisper' })).toThrow(/STT_PROVIDER/);
    const local = loadConfig({ TTS_PROVIDER: 'openai', TTS_BASE_URL: 'http://localhost:8880/v1' });
    expect(local).toMatchObject({
      TTS_PROVIDER: 'openai',
      STT_PROVIDER: 'browser',
      TTS_VOICE: 'alloy',
    });
  });
});
