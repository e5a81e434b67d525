/**
 * The CloudFront function (viewer-request, cloudfront-js-2.0) of the auth
 * behaviours of ./edge.ts: it writes the viewer's network into
 * x-billwatch-client-net, the header the regional WebACL of
 * ./client-net-web-acl.ts counts on: an IPv4 address as is, an IPv4-mapped
 * IPv6 address as its IPv4, any other IPv6 address as its /64, spelled the way
 * the application spells its rate-limit subjects (rateLimitSubject in
 * shared/edges/http/client-ip.ts), so the edge and the app count the same networks.
 * Whatever the client sent in that header is overwritten. The code is a string,
 * as CloudFront takes it, kept to ES 5.1 plus what the 2.0 runtime documents;
 * test/unit/infra/client-net-function.test.ts runs it in Node.
 */

/** The header the function writes and the regional WebACL aggregates on (lower case, as CloudFront Functions see headers). */
export const CLIENT_NET_HEADER = 'x-billwatch-client-net';

/** The function's source: `handler(event)` returns the request with the header set from `event.viewer.ip`. */
export const clientNetFunctionCode = (): string => `var HEADER = '${CLIENT_NET_HEADER}';
var V4 = /^(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$/;
var GROUP = /^[0-9a-fA-F]{1,4}$/;
function v4(s) {
  var m = V4.exec(s);
  if (!m) return null;
  var out = [];
  for (var i = 1; i <= 4; i++) {
    var n = parseInt(m[i], 10);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}
function groupsOf(part) {
  if (part === '') return [];
  var out = [];
  var gs = part.split(':');
  for (var i = 0; i < gs.length; i++) {
    if (!GROUP.test(gs[i])) return null;
    out.push(parseInt(gs[i], 16));
  }
  return out;
}
function v6(s) {
  var zone = s.indexOf('%');
  if (zone >= 0) s = s.substring(0, zone);
  var cut = s.lastIndexOf(':');
  if (cut < 0) return null;
  var tail = s.substring(cut + 1);
  if (tail.indexOf('.') >= 0) {
    var q = v4(tail);
    if (!q) return null;
    s = s.substring(0, cut + 1) + ((q[0] << 8) | q[1]).toString(16) + ':' + ((q[2] << 8) | q[3]).toString(16);
  }
  var halves = s.split('::');
  if (halves.length > 2) return null;
  var left = groupsOf(halves[0]);
  var right = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (!left || !right) return null;
  if (halves.length === 1) return left.length === 8 ? left : null;
  var fill = 8 - left.length - right.length;
  if (fill < 1) return null;
  for (var i = 0; i < fill; i++) left.push(0);
  return left.concat(right);
}
function clientNet(ip) {
  var s = String(ip || '').trim();
  var q = v4(s);
  if (q) return q.join('.');
  var g = v6(s);
  if (!g) return s || 'unknown';
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  }
  return g.slice(0, 4).map(function (n) { return n.toString(16); }).join(':') + '::/64';
}
function handler(event) {
  var request = event.request;
  request.headers[HEADER] = { value: clientNet(event.viewer && event.viewer.ip) };
  return request;
}`;
