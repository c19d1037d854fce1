import type { AssignmentReminderKind } from '@candor/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignmentReminders, assignments, cohorts, user } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { LoopOptions } from '../../platform/scheduler';
import { setsOf } from './service';

/**
 * Reminders by e-mail (decision 048): two days before an assignment is due and on the day
 * before, to each candidate of its cohort who has not completed every set. Each reminder goes
 * once across every process: a row per (assignment, candidate, kind) is claimed (inserted, its
 * primary key refusing a second) before the mail is sent. A process that dies between the claim
 * and the send leaves that reminder unsent rather than risking it twice (`sent_at` stays null).
 */

const HOUR = 3_600_000;

/** When each kind is due: from `before` ahead of the due time until `until` ahead of it. */
export const REMINDER_WINDOWS: Record<
  AssignmentReminderKind,
  { beforeMs: number; untilMs: number }
> = {
  two_days: { beforeMs: 48 * HOUR, untilMs: 24 * HOUR },
  one_day: { beforeMs: 24 * HOUR, untilMs: 0 },
};

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: Pick<Logger, 'info' | 'warn'>;
  /** The candidate app's address, for the link in the e-mail. */
  publicUrl: string;
}

export const REMINDER_BATCH = 200;

/** Claims the reminders due now (at most `batch`): only the rows this call inserted come back. */
interface Claimed {
  assignment_id: string;
  user_id: string;
  kind: AssignmentReminderKind;
}

async function claimDue(db: Db, now: Date, batch: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const windows = Object.entries(REMINDER_WINDOWS).map(
    ([kind, w]) => sql`(${kind}, ${w.beforeMs}::bigint, ${w.untilMs}::bigint)`,
  );
  const result = await db.execute(sql`
    insert into assignment_reminders (assignment_id, user_id, kind, claimed_at)
    select a.id, m.user_id, k.kind, ${at}::timestamptz
    from assignments a
    join (values ${sql.join(windows, sql`, `)}) as k(kind, before_ms, until_ms)
      on ${at}::timestamptz >= a.due_at - make_interval(secs => k.before_ms / 1000.0)
      and ${at}::timestamptz < a.due_at - make_interval(secs => k.until_ms / 1000.0)
    join cohort_members m on m.cohort_id = a.cohort_id
    join "user" u on u.id = m.user_id and u.role = 'candidate' and u.status = 'active'
    where a.opens_at <= ${at}::timestamptz
      and a.due_at > ${at}::timestamptz
      and not exists (select 1 from assignment_reminders r
        where r.assignment_id = a.id and r.user_id = m.user_id and r.kind = k.kind)
      -- A set of the assignment the candidate has not completed an attempt of.
      and exists (select 1 from assignment_sets s where s.assignment_id = a.id
        and not exists (select 1 from interviews i where i.assignment_id = a.id
          and i.user_id = m.user_id and i.interview_set_id = s.interview_set_id
          and i.status = 'completed'))
    limit ${batch}
    on conflict do nothing
    returning assignment_id, user_id, kind`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: Claimed[] }).rows ?? [];
}

const WHEN: Record<AssignmentReminderKind, string> = {
  two_days: 'in two days',
  one_day: 'tomorrow',
};

/** One run: claim what is due, send each, mark it sent. Answers how many were claimed. */
export async function sendDueReminders(
  deps: ReminderDeps,
  batch = REMINDER_BATCH,
): Promise<{ claimed: number; sent: number }> {
  const claimed = await claimDue(deps.db, deps.now(), batch);
  if (claimed.length === 0) return { claimed: 0, sent: 0 };
  const ids = [...new Set(claimed.map((c) => c.assignment_id))];
  const people = [...new Set(claimed.map((c) => c.user_id))];
  const [rows, sets, persons] = await Promise.all([
    deps.db
      .select({ id: assignments.id, dueAt: assignments.dueAt, cohortName: cohorts.name })
      .from(assignments)
      .innerJoin(cohorts, eq(cohorts.id, assignments.cohortId))
      .where(inArray(assignments.id, ids)),
    setsOf(deps.db, ids),
    deps.db
      .select({ id: user.id, email: user.email, firstName: user.firstName })
      .from(user)
      .where(inArray(user.id, people)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byPerson = new Map(persons.map((p) => [p.id, p]));
  let sent = 0;
  for (const c of claimed) {
    const a = byId.get(c.assignment_id);
    const person = byPerson.get(c.user_id);
    if (!a || !person) continue;
    const titles = (sets.get(a.id) ?? []).map((s) => s.title);
    try {
      await deps.mailer.send({
        to: person.email,
        subject: `Reminder: your assignment is due ${WHEN[c.kind]}`,
        text: [
          `Hello ${person.firstName || 'there'},`,
          '',
          `Your ${a.cohortName} assignment is due ${WHEN[c.kind]} (${a.dueAt.toUTCString()}):`,
          ...titles.map((t) => `- ${t}`),
          '',
          `Start it from "Assigned to you" on your dashboard: ${deps.publicUrl}/`,
        ].join('\n'),
      });
      await deps.db
        .update(assignmentReminders)
        .set({ sentAt: deps.now() })
        .where(
          and(
            eq(assignmentReminders.assignmentId, c.assignment_id),
            eq(assignmentReminders.userId, c.user_id),
            eq(assignmentReminders.kind, c.kind),
          ),
        );
      sent++;
    } catch (err) {
      // Claimed and not sent: said in the log, never sent twice.
      deps.log.warn({ err, assignmentId: a.id, kind: c.kind }, 'an assignment reminder failed');
    }
  }
  return { claimed: claimed.length, sent };
}

/** Every five minutes, sooner while a backlog remains; one process at a time (the claim holds anyway). */
export function reminderLoop(deps: ReminderDeps, everyMs = 5 * 60_000): LoopOptions {
  return {
    name: 'assignment reminders',
    everyMs,
    exclusive: true,
    run: async () => {
      const { claimed, sent } = await sendDueReminders(deps);
      if (claimed > 0) deps.log.info({ claimed, sent }, 'sent assignment reminders');
      return claimed >= REMINDER_BATCH ? 1_000 : undefined;
    },
  };
}
