// Form bodies of one-click unsubscribe POSTs: fields read in time linear in the body, whatever its shape.
import { describe, expect, it } from 'vitest';
import { parseFormBody } from '#shared/edges/http/form-body.ts';

const multipart = (head: string, value = 'resubscribe') => `--XyZ\r\n${head}\r\n\r\n${value}\r\n--XyZ--\r\n`;

describe('form bodies', () => {
  it('reads text fields of multipart bodies with quoted or bare parameters, LF or CRLF, and skips files', () => {
    expect(parseFormBody('multipart/form-data; boundary="XyZ"', multipart('Content-Disposition: form-data; name="action"'))).toEqual({ action: 'resubscribe' });
    expect(parseFormBody('multipart/form-data; boundary=XyZ', '--XyZ\ncontent-disposition: form-data; name=action\n\nx\n--XyZ--')).toEqual({ action: 'x' });
    expect(parseFormBody('multipart/form-data; boundary=XyZ', multipart('Content-Disposition: form-data; name="f"; filename="a.txt"'))).toEqual({});
    expect(parseFormBody('multipart/form-data', multipart('Content-Disposition: form-data; name="action"'))).toEqual({});
  });

  it('parses a hostile 400 kB multipart head in linear time', () => {
    // One header line repeating the header name: a backtracking pattern over it took seconds (quadratic).
    const hostile = multipart(`content-disposition: form-data; ${'content-disposition:'.repeat(20_000)}`);
    const started = performance.now();
    expect(parseFormBody('multipart/form-data; boundary=XyZ', hostile)).toEqual({});
    expect(performance.now() - started).toBeLessThan(250);
  });
});
