import type { InterviewSetSummary } from './catalog';

// Helpers the candidate's screens call on interview sets. Kept apart from catalog.ts, whose zod
// schemas are a large module to evaluate: the Dashboard and Practice screens need none of them.

/** Practice screen: case-insensitive search over title, description and any topic. */
export function matchesSearch(
  set: Pick<InterviewSetSummary, 'title' | 'description' | 'topics'>,
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    set.title.toLowerCase().includes(q) ||
    set.description.toLowerCase().includes(q) ||
    set.topics.some((t) => t.toLowerCase().includes(q))
  );
}

/** The Start link of a set: /interview/{id}?category=…&difficulty=…&type=… */
export function interviewStartPath(
  set: Pick<InterviewSetSummary, 'id' | 'categoryName' | 'difficulty' | 'type'>,
): string {
  const params = new URLSearchParams({
    category: (set.categoryName || 'general').toLowerCase(),
    difficulty: set.difficulty,
    type: set.type,
  });
  return `/interview/${set.id}?${params.toString()}`;
}
