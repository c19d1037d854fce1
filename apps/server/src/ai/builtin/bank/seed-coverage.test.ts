import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBankTopic } from '.';

/** Every topic of every set in the seed catalogue (the files of db/seed-data, whatever they export). */
async function seedTopics(): Promise<string[]> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../db/seed-data');
  if (!fs.existsSync(dir)) return [];
  const topics = new Set<string>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const categories = Array.isArray(value) ? value : [value];
      for (const c of categories) {
        const sets = (c as { sets?: { topics?: string[] }[] } | null)?.sets;
        for (const s of Array.isArray(sets) ? sets : [])
          for (const t of s.topics ?? []) topics.add(t);
      }
    }
  }
  return [...topics].sort();
}

describe('question bank coverage of the seed catalogue', () => {
  it('has a bank entry for every topic of every seeded set', async () => {
    const missing = (await seedTopics()).filter((t) => findBankTopic(t) === null);
    expect(missing).toEqual([]);
  });
});
