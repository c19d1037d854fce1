import {
  ASSIGNMENT_GRID_CSV_COLUMNS,
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentGrid,
  type AssignmentStatus,
  type GridCell,
} from '@candor/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cohortMembers, user } from '../../db/schema';
import { csvRow } from '../coach-review';
import type { Scope } from '../cohorts';
import { getAssignment, type Tx } from './service';

/**
 * Where each candidate stands on each set of an assignment (the grid, and the candidate's own
 * "Assigned to you"), from the attempts started for it that are history (answered, decision 038).
 * One query, grouped by candidate and set, on the index (assignment_id, user_id, set).
 */
export interface Standing {
  userId: string;
  setId: string;
  /** Attempts used: answered attempts started for this assignment, whatever became of them. */
  attempts: number;
  /** A completed attempt started by the due time / any completed attempt. */
  doneOnTime: boolean;
  done: boolean;
  /** An attempt still open (scheduled or in progress). */
  open: boolean;
  /** The best overall score of a completed report, unrounded (rounded as the report rounds it). */
  best: number | null;
  /** The attempt whose report the grid links: the best scored, else the latest completed. */
  reportInterviewId: string | null;
}

export async function standings(
  db: Db | Tx,
  assignmentId: string,
  userId?: string,
): Promise<Standing[]> {
  const one = userId ? sql` and i.user_id = ${userId}` : sql``;
  const result = await db.execute(sql`
    select i.user_id as "userId", i.interview_set_id as "setId", count(*)::int as attempts,
      bool_or(i.status = 'completed' and i.created_at <= a.due_at) as "doneOnTime",
      bool_or(i.status = 'completed') as done,
      bool_or(i.status in ('scheduled', 'in_progress')) as open,
      max(r.overall_score) filter (where r.status = 'completed') as best,
      (array_agg(i.id::text order by
          case when r.status = 'completed' then r.overall_score end desc nulls last,
          i.completed_at desc nulls last)
        filter (where i.status = 'completed'))[1] as "reportInterviewId"
    from interviews i
    join assignments a on a.id = i.assignment_id
    left join reports r on r.interview_id = i.id
    where i.assignment_id = ${assignmentId} and i.answered_at is not null
      and i.interview_set_id is not null${one}
    group by i.user_id, i.interview_set_id`);
  // node-postgres and PGlite both answer { rows }.
  return ((result as unknown as { rows: Standing[] }).rows ?? []).map((r) => ({
    ...r,
    best: r.best === null ? null : Number(r.best),
  }));
}

/**
 * The cell's status: done when a completed attempt was started by the due time; late when the
 * only completed ones were started after it; in progress while one is open; else not started.
 */
export function statusOf(s: Standing | undefined): AssignmentStatus {
  if (!s) return 'not_started';
  if (s.doneOnTime) return 'done';
  if (s.done) return 'late';
  return s.open ? 'in_progress' : 'not_started';
}

/** The score as the report, History and the results CSV say it (rounded, issue 28). */
export const scoreOf = (s: Standing | undefined): number | null =>
  s?.best === null || s?.best === undefined ? null : Math.round(s.best);

function cellOf(setId: string, s: Standing | undefined): GridCell {
  return {
    setId,
    status: statusOf(s),
    attempts: s?.attempts ?? 0,
    bestScore: scoreOf(s),
    reportInterviewId: s?.reportInterviewId ?? null,
  };
}

/** The grid: every candidate of the cohort (by name) × the assignment's sets (in order). */
export async function assignmentGrid(db: Db, scope: Scope, id: string): Promise<AssignmentGrid> {
  const assignment = await getAssignment(db, scope, id);
  const [people, found] = await Promise.all([
    db
      .select({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      })
      .from(cohortMembers)
      .innerJoin(user, and(eq(user.id, cohortMembers.userId), eq(user.role, 'candidate')))
      .where(eq(cohortMembers.cohortId, assignment.cohort.id))
      .orderBy(asc(user.firstName), asc(user.lastName), asc(user.email)),
    standings(db, id),
  ]);
  const byKey = new Map(found.map((s) => [`${s.userId}\u0000${s.setId}`, s]));
  return {
    assignment,
    rows: people.map((p) => ({
      candidate: {
        id: p.id,
        name: `${p.firstName} ${p.lastName}`.trim() || p.email,
        email: p.email,
      },
      cells: assignment.sets.map((set) => cellOf(set.id, byKey.get(`${p.id}\u0000${set.id}`))),
    })),
  };
}

/** The grid as CSV, one line per candidate and set, formula-safe as the results export. */
export function gridCsv(grid: AssignmentGrid): string {
  const titles = new Map(grid.assignment.sets.map((s) => [s.id, s.title]));
  // A byte-order mark, so spreadsheets read accented names as UTF-8.
  let out = `\uFEFF${csvRow(ASSIGNMENT_GRID_CSV_COLUMNS)}`;
  for (const row of grid.rows) {
    for (const cell of row.cells) {
      out += csvRow([
        row.candidate.name,
        row.candidate.email,
        titles.get(cell.setId) ?? '',
        ASSIGNMENT_STATUS_LABELS[cell.status],
        cell.attempts,
        cell.bestScore,
      ]);
    }
  }
  return out;
}
