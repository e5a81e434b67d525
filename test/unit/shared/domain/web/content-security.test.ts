// The policies of the service's HTML (issue 32.7): no inline or foreign script anywhere, no framing, and the
// service's own pages wear the app's stylesheet from this origin only.
import { describe, expect, it } from 'vitest';
import { APP_CSP, htmlSecurityHeaders, PAGE_CSP, shellStylesheets } from '#shared/domain/web/content-security.ts';

describe('content security', () => {
  it('allows no inline script, no eval, no foreign script and no framing', () => {
    for (const csp of [APP_CSP, PAGE_CSP]) {
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/base-uri 'none'/);
    }
    expect(APP_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(PAGE_CSP).not.toMatch(/script-src/);
    expect(PAGE_CSP).toMatch(/^default-src 'none'/);
    expect(htmlSecurityHeaders(PAGE_CSP)).toEqual({
      'Content-Security-Policy': PAGE_CSP,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it("reads the app's stylesheets from its built shell, this origin's only", () => {
    const shell =
      '<head><link rel="modulepreload" crossorigin href="/assets/shared-j6.js"><link rel="stylesheet" crossorigin href="/assets/index-BfnyYOBm.css">' +
      '<link rel="stylesheet" href="https://evil.example/x.css"><link rel="stylesheet" href="//evil.example/y.css"></head>';
    expect(shellStylesheets(shell)).toEqual(['/assets/index-BfnyYOBm.css']);
    expect(shellStylesheets(null)).toEqual([]);
  });
});
