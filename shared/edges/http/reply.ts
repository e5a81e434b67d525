/**
 * What an operation returns. A plain value is sent as JSON with the route's
 * success status; a Reply sets the status, headers or a non-JSON body.
 */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** When set, body is a string sent as-is with this content type. */
    readonly contentType?: string,
  ) {}
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Reply(status, body, headers);
export const created = (body: unknown) => new Reply(201, body);
export const accepted = (body: unknown) => new Reply(202, body);
export const noContent = () => new Reply(204, undefined);
export const html = (body: string, status = 200, headers: Record<string, string> = {}) => new Reply(status, body, headers, 'text/html; charset=utf-8');
export const rss = (body: string, headers: Record<string, string> = {}) => new Reply(200, body, headers, 'application/rss+xml; charset=utf-8');
export const calendar = (body: string) => new Reply(200, body, {}, 'text/calendar; charset=utf-8');
export const text = (body: string, status = 200) => new Reply(status, body, {}, 'text/plain; charset=utf-8');
