import { DEFAULT_PATIENCE, type DataExport, type PublicUser } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../test/harness';
import { requestAs, signUpCandidate } from '../../test/users';

/**
 * The candidate's own settings (PUT /api/user/preferences): the theme and the patience of the
 * interviewer at the end of an answer (decision 037), each changed alone, read back on
 * /api/auth/me and kept in "Download my data".
 */
describe.each(databaseKinds())('preferences on %s', (kind) => {
  const ctx = useTestApp(kind);

  const me = async (who: Awaited<ReturnType<typeof signUpCandidate>>) =>
    (await requestAs(ctx.app, 'GET', '/api/auth/me', who)).json<{ user: PublicUser }>().user;

  it('starts at normal patience and stores a new one without touching the theme', async () => {
    const who = await signUpCandidate(ctx.app);
    expect(DEFAULT_PATIENCE).toBe('normal');
    expect(await me(who)).toMatchObject({ theme: 'system', patience: 'normal' });

    const theme = await requestAs(ctx.app, 'PUT', '/api/user/preferences', who, { theme: 'dark' });
    expect(theme.json()).toEqual({ success: true, theme: 'dark', patience: 'normal' });
    const quick = await requestAs(ctx.app, 'PUT', '/api/user/preferences', who, {
      patience: 'quick',
    });
    expect(quick.statusCode).toBe(200);
    expect(quick.json()).toEqual({ success: true, theme: 'dark', patience: 'quick' });
    expect(await me(who)).toMatchObject({ theme: 'dark', patience: 'quick' });

    // Nothing named: nothing changes, and the answer says what is stored.
    const none = await requestAs(ctx.app, 'PUT', '/api/user/preferences', who, {});
    expect(none.json()).toEqual({ success: true, theme: 'dark', patience: 'quick' });
  });

  it('names the field of a patience it does not know, and changes nothing', async () => {
    const who = await signUpCandidate(ctx.app);
    const bad = await requestAs(ctx.app, 'PUT', '/api/user/preferences', who, {
      patience: 'glacial',
      theme: 'light',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('patience');
    expect(await me(who)).toMatchObject({ theme: 'system', patience: 'normal' });
  });

  it('is one candidate’s own: another’s setting is untouched, nobody is refused', async () => {
    const a = await signUpCandidate(ctx.app);
    const b = await signUpCandidate(ctx.app);
    await requestAs(ctx.app, 'PUT', '/api/user/preferences', a, { patience: 'relaxed' });
    expect((await me(a)).patience).toBe('relaxed');
    expect((await me(b)).patience).toBe('normal');
    const anon = await requestAs(ctx.app, 'PUT', '/api/user/preferences', null, {
      patience: 'quick',
    });
    expect(anon.statusCode).toBe(401);
  });

  it('is in the account export', async () => {
    const who = await signUpCandidate(ctx.app);
    await requestAs(ctx.app, 'PUT', '/api/user/preferences', who, { patience: 'relaxed' });
    const data = (await requestAs(ctx.app, 'GET', '/api/user/export', who)).json<DataExport>();
    expect(data.profile).toMatchObject({ id: who.userId, patience: 'relaxed' });
  });
});
