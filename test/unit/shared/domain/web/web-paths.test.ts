// How the one origin splits paths between the API, the share pages and the app's files and pages.
import { describe, expect, it } from 'vitest';
import { isFilePath, sharePageApiPath, webCacheControl } from '#shared/domain/web/web-paths.ts';

describe('web paths', () => {
  it('send share links to their API page and nothing else', () => {
    expect(sharePageApiPath('/share/brief/abc')).toBe('/api/share-pages/brief/abc');
    expect(sharePageApiPath('/share/collection/abc/')).toBe('/api/share-pages/collection/abc');
    expect(sharePageApiPath('/share/other/abc')).toBeNull();
    expect(sharePageApiPath('/share/brief/a/b')).toBeNull();
    expect(sharePageApiPath('/bills/118-hr-1')).toBeNull();
  });

  it('tell files from pages by the extension of the last segment', () => {
    expect(isFilePath('/assets/index-abc.js')).toBe(true);
    expect(isFilePath('/favicon.svg')).toBe(true);
    expect(isFilePath('/bills/118-hr-1')).toBe(false);
    expect(isFilePath('/members/A000360')).toBe(false);
    expect(isFilePath('/v1.2/dashboard')).toBe(false);
  });

  it('cache hashed files for a year and revalidate the shell', () => {
    expect(webCacheControl('/assets/index-abc.js')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('/index.html')).toBe('no-cache');
    expect(webCacheControl('/favicon.svg')).toBe('public, max-age=3600');
  });
});
