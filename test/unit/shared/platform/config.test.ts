import { describe, expect, it, vi } from 'vitest';
import { Config, ConfigError, JWT_PLACEHOLDER, parseConfig } from '#shared/platform/config.ts';

const secret = 'x'.repeat(32);

describe('configuration', () => {
  it('refuses the placeholder JWT secret with a message naming the variable', () => {
    expect(() => parseConfig({ JWT_SECRET_KEY: JWT_PLACEHOLDER })).toThrow(ConfigError);
    expect(() => parseConfig({ JWT_SECRET_KEY: JWT_PLACEHOLDER })).toThrow(/JWT_SECRET_KEY.*placeholder/);
  });

  it('refuses a JWT secret shorter than 32 bytes and a missing one', () => {
    expect(() => parseConfig({ JWT_SECRET_KEY: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(() => parseConfig({})).toThrow(/JWT_SECRET_KEY/);
  });

  it("parses without zod's JIT: the environment is parsed once per process, so a compiled parser would only cost the cold start", () => {
    const safeParse = vi.spyOn(Config, 'safeParse');
    try {
      const env = { JWT_SECRET_KEY: secret };
      expect(parseConfig(env).JWT_SECRET_KEY).toBe(secret);
      expect(safeParse).toHaveBeenCalledWith(env, expect.objectContaining({ jitless: true }));
    } finally {
      safeParse.mockRestore();
    }
  });

  it('applies the default rate limits and token lifetime', () => {
    const c = parseConfig({ JWT_SECRET_KEY: secret });
    expect(c.RATE_LIMIT_LOGIN_PER_MINUTE).toBe(10);
    expect(c.RATE_LIMIT_REGISTER_PER_HOUR).toBe(5);
    expect(c.LLM_RATE_LIMIT_RPM).toBe(50);
    expect(c.JWT_TTL_SECONDS).toBe(7 * 24 * 3600);
    expect(c.TRUST_PROXY).toBe('none');
  });

  it('caps the token lifetime (also the maximum token age) at 30 days', () => {
    expect(parseConfig({ JWT_SECRET_KEY: secret, JWT_TTL_SECONDS: String(30 * 24 * 3600) }).JWT_TTL_SECONDS).toBe(2592000);
    expect(() => parseConfig({ JWT_SECRET_KEY: secret, JWT_TTL_SECONDS: String(30 * 24 * 3600 + 1) })).toThrow(/JWT_TTL_SECONDS.*30 days/);
  });

  it('reads configured limits, TRUST_PROXY and CORS origins', () => {
    const c = parseConfig({
      JWT_SECRET_KEY: secret,
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.RATE_LIMIT_LOGIN_PER_MINUTE).toBe(3);
    expect(c.TRUST_PROXY).toBe('x-forwarded-for');
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('lists every bad variable at once', () => {
    try {
      parseConfig({ JWT_SECRET_KEY: secret, RATE_LIMIT_LOGIN_PER_MINUTE: '-1', STAGE: 'moon' });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).toMatch(/RATE_LIMIT_LOGIN_PER_MINUTE/);
      expect(String(err)).toMatch(/STAGE/);
    }
  });

  it('says in English what is wrong with each variable, though zod/mini sets no language of its own', () => {
    try {
      parseConfig({ JWT_SECRET_KEY: secret, PUBLIC_URL: 'not a url', STAGE: 'moon', TABLE_NAME: '', SMTP_PORT: '0' });
      expect.unreachable();
    } catch (err) {
      const text = String(err);
      expect(text).toContain('PUBLIC_URL: Invalid URL');
      expect(text).toContain('STAGE: Invalid option: expected one of "local"|"test"|"dev"|"prod"');
      expect(text).toContain('TABLE_NAME: Too small: expected string to have >=1 characters');
      expect(text).toContain('SMTP_PORT: Too small: expected number to be >0');
    }
  });

  it('keeps the types and defaults of every kind of field', () => {
    const c = parseConfig({ JWT_SECRET_KEY: secret, SMTP_PORT: '2525', ALLOW_PRIVATE_PUSH_TARGETS: 'true', SMTP_STARTTLS: '', OPENAI_API_KEY: '  ' });
    expect(c.SMTP_PORT).toBe(2525);
    expect(c.ALLOW_PRIVATE_PUSH_TARGETS).toBe(true);
    expect(c.SMTP_STARTTLS).toBe(true);
    expect(c.OPENAI_API_KEY).toBeUndefined();
    expect(c.PROVIDER_HEALTH_TIMEOUT_MS).toBe(5000);
    expect(c.JWT_TTL_SECONDS).toBe(7 * 24 * 3600);
    expect(c.STAGE).toBe('local');
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(() => parseConfig({ JWT_SECRET_KEY: secret, PROVIDER_HEALTH_TIMEOUT_MS: '50' })).toThrow(/PROVIDER_HEALTH_TIMEOUT_MS/);
    expect(() => parseConfig({ JWT_SECRET_KEY: secret, SMTP_PORT: '1.5' })).toThrow(/SMTP_PORT/);
  });
});
