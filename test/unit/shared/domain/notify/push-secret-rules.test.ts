// A saved push password is bound to the push_url and push_username it was saved with: a settings update that moves
// either without a new password drops it (basic auth asks for it again), so it never follows the target elsewhere.
import { describe, expect, it } from 'vitest';
import { NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { applySettingsUpdate } from '#shared/use-cases/notify/settings-update.ts';

const saved = NotificationPrefs().parse({
  push_enabled: true,
  push_url: 'https://ntfy.example.org/mine',
  push_auth: 'basic',
  push_username: 'me',
  push_password_sealed: 'sealed-old',
});
const apply = (update: Parameters<typeof applySettingsUpdate>[1], current = saved) => applySettingsUpdate(current, update, (p) => `sealed(${p})`);

describe('the saved push password follows only its own target', () => {
  it('keeps it for updates that leave the URL and username alone', () => {
    expect(apply({ push_enabled: false }).prefs.push_password_sealed).toBe('sealed-old');
    expect(apply({ push_url: 'https://ntfy.example.org/mine', push_username: 'me' }).prefs.push_password_sealed).toBe('sealed-old');
  });

  it('refuses to carry it to another server, topic or username under basic auth (422 on push_password)', () => {
    for (const update of [{ push_url: 'https://evil.example.net/mine' }, { push_url: 'https://ntfy.example.org/other' }, { push_username: 'attacker' }]) {
      const out = apply(update);
      expect(
        out.errors.map((e) => e.path),
        JSON.stringify(update),
      ).toEqual(['body.push_password']);
      expect(out.prefs.push_password_sealed).toBeNull();
    }
  });

  it('drops it silently when the new target does not use basic auth, and takes a new password with the move', () => {
    const moved = apply({ push_url: 'https://evil.example.net/t', push_auth: 'none' });
    expect(moved.errors).toEqual([]);
    expect(moved.prefs.push_password_sealed).toBeNull();
    const withNew = apply({ push_url: 'https://other.example.org/t', push_password: 'new' });
    expect(withNew.errors).toEqual([]);
    expect(withNew.prefs.push_password_sealed).toBe('sealed(new)');
  });
});

describe('the saved push token follows only its own scheme and host (issue 32.7)', () => {
  const withToken = NotificationPrefs().parse({
    push_enabled: true,
    push_url: 'https://ntfy.example.org/mine',
    push_auth: 'token',
    push_token_sealed: 'sealed-token',
  });
  it('drops it when the URL drops to plain http on the same host, asking for it again', () => {
    const out = apply({ push_url: 'http://ntfy.example.org/mine' }, withToken);
    expect(out.prefs.push_token_sealed).toBeNull();
    expect(out.errors.map((e) => e.path)).toEqual(['body.push_token']);
    expect(out.errors[0]?.message).toMatch(/scheme and host it was saved for/);
  });

  it('keeps it for another topic on the same https host, and takes a token given with the move', () => {
    expect(apply({ push_url: 'https://ntfy.example.org/other' }, withToken).prefs.push_token_sealed).toBe('sealed-token');
    const given = apply({ push_url: 'http://ntfy.example.org/mine', push_token: 'tk' }, withToken);
    expect([given.errors, given.prefs.push_token_sealed]).toEqual([[], 'sealed(tk)']);
  });
});
