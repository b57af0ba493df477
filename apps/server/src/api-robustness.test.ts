import { createHmac } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { PaymentSession } from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import type { OrderResponse } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from './modules/auth/access-token.ts';
import { paymentReceipts, payments } from './modules/payments/payments.tables.ts';
import { deliverSandboxWebhook } from './test/webhook-kit.ts';
import { call, openShopTest, MPT_PHONE, orderAwaitingQrPayment } from './test/checkout-kit.ts';

/**
 * Robustness sweep: every route of the OpenAPI document gets a fixed set of malformed requests
 * (wrong JSON types, broken JSON, wrong content types, bad path and query parameters), without
 * auth, with a bad bearer token, as a guest and as a signed-in customer. None may be answered
 * with a 5xx, and every /api error must be the JSON error body.
 */

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: string;
  /** OpenAPI path, e.g. /api/v1/orders/{orderId}. */
  path: string;
  op: Operation;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  contentType?: string;
  payload?: string | Buffer;
}

type Headers = Record<string, string>;

const LONG = 'a'.repeat(100_000);
const BURMESE = 'မင်္ဂလာပါ ရန်ကုန် ၁၂၃၄၅';
const EMOJI = '😀👍🏽🇲🇲🧑‍🤝‍🧑';
/** A fixed v4 UUID that names nothing. */
const UNKNOWN_UUID = '3f2b8c1e-7d4a-4e6b-9c0d-5a1f2e3d4c5b';
const WEBHOOK = '/api/v1/payments/webhook/{provider}';

/** Values put in place of one JSON field (or as the whole body). */
const badValues: [string, unknown][] = [
  ['number', 12345],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 0.5],
  ['int32-overflow', 2_147_483_648],
  ['max-safe-int', Number.MAX_SAFE_INTEGER],
  ['unsafe-int', 2 ** 63],
  ['huge', 1e308],
  ['true', true],
  ['null', null],
  ['empty-array', []],
  ['array', ['a', 1, null]],
  ['empty-object', {}],
  ['nested-object', { a: { b: [1, { c: null }] } }],
  ['empty-string', ''],
  ['blank', '   '],
  ['long-100k', LONG],
  ['emoji', EMOJI.repeat(40)],
  ['burmese', BURMESE],
  ['nan-string', 'NaN'],
  ['infinity-string', 'Infinity'],
  ['exponent-string', '-1e999'],
  ['nul-char', 'a\u0000b'],
  ['lone-surrogate', 'a\ud800b'],
  ['sql', "' OR 1=1; --"],
  ['dot-dot', '../../etc/passwd'],
  ['html', '<script>alert(1)</script>'],
  ['nil-uuid', '00000000-0000-0000-0000-000000000000'],
];

/** Bodies that are not JSON objects at all. */
const wholeBodies: [string, unknown][] = [
  ['null', null],
  ['number', 42],
  ['string', 'hello'],
  ['true', true],
  ['array', []],
  ['array-of-objects', [{ a: 1 }, { b: 2 }]],
  ['empty-object', {}],
  ['unknown-fields', { unexpected: 'x', nested: { deep: [1, 2, 3] } }],
];

/** Sent as is with content-type application/json. */
const brokenJson: [string, string | Buffer][] = [
  ['empty', ''],
  ['open-brace', '{'],
  ['truncated', '{"a":'],
  ['bare-word', 'nul'],
  ['unclosed-array', '[1,2'],
  ['trailing-brace', '{"a":1}}'],
  ['single-quotes', "{'a':1}"],
  ['nul-byte', '\u0000'],
  ['bom', '\ufeff{}'],
  ['proto', '{"__proto__":{"polluted":true}}'],
  ['constructor', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['deep-nesting', '['.repeat(50_000) + ']'.repeat(50_000)],
  ['invalid-utf8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['too-large', `{"a":"${'x'.repeat(300 * 1024)}"}`],
];

/** Bodies under a content type the route does not take. */
const wrongContentTypes: [string, string, string | Buffer][] = [
  ['text', 'text/plain', 'hello'],
  ['form', 'application/x-www-form-urlencoded', 'productId=1&quantity=2'],
  ['multipart', 'multipart/form-data; boundary=----x', '------x\r\n\r\n------x--'],
  ['xml', 'application/xml', '<a/>'],
  ['octet-stream', 'application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ['json-utf16', 'application/json; charset=utf-16', '{}'],
  ['json-patch', 'application/json-patch+json', '[]'],
  ['garbage-type', ';;;=', '{}'],
];

/** Path parameter values, already as they appear in the URL. */
const badPathValues: [string, string][] = [
  ['word', 'not-a-uuid'],
  ['number', '123'],
  ['negative', '-1'],
  ['zero', '0'],
  ['nan', 'NaN'],
  ['null', 'null'],
  ['undefined', 'undefined'],
  ['long-90', 'a'.repeat(90)],
  ['long-5000', 'a'.repeat(5000)],
  ['nul', '%00'],
  ['embedded-nul', 'abc%00def'],
  ['nul-in-uuid', `${UNKNOWN_UUID.slice(0, 8)}%00${UNKNOWN_UUID.slice(9)}`],
  ['dot-dot', '..'],
  ['dot-dot-encoded', '%2e%2e'],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['lone-percent', '%'],
  ['bad-escape', '%zz'],
  ['truncated-utf8', '%E1%80'],
  ['emoji', encodeURIComponent(EMOJI)],
  ['burmese', encodeURIComponent(BURMESE)],
  ['sql', encodeURIComponent("1' OR '1'='1")],
  ['space', '%20'],
  ['nil-uuid', '00000000-0000-0000-0000-000000000000'],
  ['max-uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['uuid-like', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
  ['unknown-uuid', UNKNOWN_UUID],
  ['uuid-upper', UNKNOWN_UUID.toUpperCase()],
  ['uuid-suffix', `${UNKNOWN_UUID}x`],
  ['uuid-newline', `${UNKNOWN_UUID}%0A`],
  ['digits-30', '9'.repeat(30)],
];

/** Query parameter values, already URL-encoded. */
const badQueryValues: [string, string][] = [
  ['word', 'abc'],
  ['empty', ''],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['exponent', '1e999'],
  ['nan', 'NaN'],
  ['int32-overflow', '2147483648'],
  ['digits-20', '99999999999999999999'],
  ['nul', '%00'],
  ['lone-percent', '%'],
  ['long-10k', 'a'.repeat(10_000)],
  ['emoji', encodeURIComponent(EMOJI)],
  ['burmese', encodeURIComponent(BURMESE)],
  ['sql', encodeURIComponent("' OR 1=1; --")],
];

/** Query strings tried on every route. */
const genericQueries: [string, string][] = [
  ['proto', '__proto__=1&constructor=x&prototype=y'],
  ['brackets', 'a[b]=1&a[]=2'],
  ['duplicated-unknown', 'foo=1&foo=2&foo=3'],
  ['ampersands', '&&&=&=='],
  ['bad-escape', 'x=%E0%A4%A'],
  ['huge-page', 'page=999999999999&limit=999999999'],
];

/** base64url of JSON, for hand-made tokens. */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A header value as raw UTF-8 bytes reach Node (decoded as latin1). */
const rawUtf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('API robustness: malformed requests never get a 5xx', () => {
  let routes: Route[];
  let auths: [string, Headers][];
  /** A plausible value for a field, path or query parameter of that name. */
  let plausible: Record<string, unknown>;
  let productId: string;
  let categoryId: string;
  let userToken: string;
  let userHeaders: Headers;
  let userId: string;
  let sessionId: string;
  /** The live MM QR payment's reference at the acquirer, for signed webhooks. */
  let paymentReference: string;
  let paymentAmount: number;
  let sent = 0;
  const failures: string[] = [];

  const s = openShopTest();
  beforeAll(async () => {
    productId = s.catalogue.productId('T-MPT-1000');
    categoryId = s.catalogue.topup.id;
    // A signed-in customer with a pending order and a live MM QR payment: real ids to aim at.
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    userHeaders = user.headers;
    userToken = user.headers.authorization.replace('Bearer ', '');
    userId = user.userId;
    sessionId = (
      JSON.parse(Buffer.from(userToken.split('.')[1] ?? '', 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
    const [paymentRow] = await s.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.orderId));
    if (!paymentRow) throw new Error('no payment row');
    paymentReference = paymentRow.reference;
    paymentAmount = paymentRow.amountMmk;
    const guest = await call(s, 'GET', '/api/v1/cart', {});
    const gid = guest.headers['x-guest-id'];
    if (typeof gid !== 'string') throw new Error('no guest id issued');
    auths = [
      ['no-auth', {}],
      ['bad-bearer', { authorization: 'Bearer not.a.jwt' }],
      ['guest', { gid }],
      ['user', userHeaders],
    ];
    plausible = {
      productId,
      categoryId,
      orderId: order.orderId,
      sessionId: order.orderId,
      cardId: UNKNOWN_UUID,
      provider: 'sandbox',
      quantity: 1,
      phoneNumber: MPT_PHONE,
      email: user.person.email,
      name: 'Aung Aung',
      password: 'wrong-password-2030',
      newPassword: 'mingalaba-mandalay-2031',
      otp: '123456',
      refreshToken: 'r'.repeat(40),
      paymentMethod: 'mmqr',
      items: [{ productId, quantity: 1 }],
      qrPayload: payment.paymentQrCode ?? 'qr',
      // Mutations keep "failed": the sandbox bank never pays the order (no fulfilment runs).
      outcome: 'failed',
      scratch: true,
      rating: 5,
      comment: 'Fast top-up',
      page: '1',
      limit: '10',
      checkoutAmount: '1000',
    };

    const spec = s.t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    // Logging out ends the customer's session: last, so every other route is tried signed in.
    routes.sort(
      (a, b) => Number(a.path.endsWith('/auth/logout')) - Number(b.path.endsWith('/auth/logout')),
    );
  });

  const pathParams = (route: Route) =>
    (route.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (route: Route) => (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = (route: Route) => route.op.requestBody?.content['application/json']?.schema;

  function paramValue(route: Route, name: string): string {
    if (name === 'id') return route.path.includes('/categories/') ? categoryId : productId;
    const value = plausible[name];
    return typeof value === 'string' ? encodeURIComponent(value) : UNKNOWN_UUID;
  }

  /** The route's URL with plausible path parameters, one of them optionally replaced. */
  function urlOf(route: Route, override?: { name: string; value: string }, query = ''): string {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      override?.name === name ? override.value : paramValue(route, name),
    );
    return query ? `${path}?${query}` : path;
  }

  function plausibleOf(name: string, schema: JsonSchema): unknown {
    if (name in plausible) return plausible[name];
    if (schema.enum?.length) return schema.enum[0];
    switch (schema.type) {
      case 'integer':
      case 'number':
        return 1;
      case 'boolean':
        return true;
      case 'array':
        return [];
      case 'object':
        return {};
      default:
        return 'x';
    }
  }

  function probesOf(route: Route): Probe[] {
    const { method } = route;
    const url = urlOf(route);
    const probes: Probe[] = [];
    const json = (label: string, value: unknown, at = url): Probe => ({
      label,
      method,
      url: at,
      contentType: 'application/json',
      payload: JSON.stringify(value),
    });

    // Body: each field in turn given each bad value, the others plausible.
    const schema = bodySchema(route);
    if (schema?.properties) {
      const fields = Object.entries(schema.properties);
      const base = Object.fromEntries(fields.map(([name, s]) => [name, plausibleOf(name, s)]));
      for (const [field] of fields) {
        for (const [label, value] of badValues) {
          probes.push(json(`body.${field}=${label}`, { ...base, [field]: value }));
        }
        probes.push(json(`body.${field}=missing`, { ...base, [field]: undefined }));
      }
      // Arrays of objects (checkout items): the first element, then each of its fields.
      for (const [field, fieldSchema] of fields) {
        const item = fieldSchema.items;
        if (fieldSchema.type !== 'array' || !item?.properties) continue;
        const itemProps = Object.entries(item.properties);
        const goodItem = Object.fromEntries(itemProps.map(([n, s]) => [n, plausibleOf(n, s)]));
        for (const [label, value] of badValues) {
          probes.push(json(`body.${field}[0]=${label}`, { ...base, [field]: [value] }));
          for (const [name] of itemProps) {
            probes.push(
              json(`body.${field}[0].${name}=${label}`, {
                ...base,
                [field]: [{ ...goodItem, [name]: value }],
              }),
            );
          }
        }
        probes.push(
          json(`body.${field}=10k-items`, { ...base, [field]: Array(10_000).fill(goodItem) }),
        );
      }
    }
    // Whole bodies, broken JSON and wrong content types: on every route, bodies or not.
    for (const [label, value] of wholeBodies) probes.push(json(`body=${label}`, value));
    for (const [label, payload] of brokenJson) {
      probes.push({
        label: `json:${label}`,
        method,
        url,
        contentType: 'application/json',
        payload,
      });
    }
    for (const [label, contentType, payload] of wrongContentTypes) {
      probes.push({ label: `content-type:${label}`, method, url, contentType, payload });
    }

    // Path parameters, one at a time.
    for (const name of pathParams(route)) {
      for (const [label, value] of badPathValues) {
        probes.push({ label: `path.${name}=${label}`, method, url: urlOf(route, { name, value }) });
      }
    }

    // Query parameters: bad values, duplicated keys, array and object syntax.
    for (const param of queryParams(route)) {
      const { name } = param;
      for (const [label, value] of badQueryValues) {
        probes.push({
          label: `query.${name}=${label}`,
          method,
          url: urlOf(route, undefined, `${name}=${value}`),
        });
      }
      const good = String(plausibleOf(name, param.schema ?? {}));
      const dupes: [string, string][] = [
        ['duplicated', `${name}=${good}&${name}=${good}`],
        ['duplicated-mixed', `${name}=${good}&${name}=abc&${name}=`],
        ['array-syntax', `${name}[]=${good}`],
        ['object-syntax', `${name}[a]=${good}`],
        ['no-value', name],
      ];
      for (const [label, query] of dupes) {
        probes.push({
          label: `query.${name}:${label}`,
          method,
          url: urlOf(route, undefined, query),
        });
      }
    }
    for (const [label, query] of genericQueries) {
      probes.push({ label: `query:${label}`, method, url: urlOf(route, undefined, query) });
    }

    // The same method on a neighbour URL and other methods on this one.
    probes.push({ label: 'trailing-slash', method, url: `${url}/` });
    probes.push({ label: 'double-slash', method, url: url.replace('/api/', '/api//') });
    probes.push({ label: 'method:PATCH', method: 'PATCH', url });
    probes.push({ label: 'method:OPTIONS', method: 'OPTIONS', url });
    if (method === 'GET') probes.push({ label: 'method:HEAD', method: 'HEAD', url });
    return probes;
  }

  /** Odd headers, sent once each with the route's plausible request. */
  function headerProbes(route: Route): Probe[] {
    const forged = (payload: unknown) =>
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.${'A'.repeat(43)}`;
    const [head, , sig] = userToken.split('.');
    const headerSets: [string, Headers][] = [
      ['bearer-empty', { authorization: 'Bearer' }],
      ['bearer-spaces', { authorization: 'Bearer    ' }],
      ['basic', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['bearer-long', { authorization: `Bearer ${'a'.repeat(8000)}` }],
      ['bearer-two-tokens', { authorization: 'Bearer a.b.c d.e.f' }],
      [
        'jwt-alg-none',
        {
          authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: UNKNOWN_UUID })}.`,
        },
      ],
      [
        'jwt-forged',
        { authorization: `Bearer ${forged({ sub: UNKNOWN_UUID, sid: UNKNOWN_UUID, exp: 4e9 })}` },
      ],
      [
        'jwt-tampered',
        {
          authorization: `Bearer ${head ?? ''}.${b64({ sub: 'x', sid: 'y', exp: 4e9 })}.${sig ?? ''}`,
        },
      ],
      ['jwt-garbage-json', { authorization: `Bearer ${b64('x')}.${b64([1, 2])}.${b64(null)}` }],
      ['gid-malformed', { gid: 'guest_1_abc' }],
      ['gid-long', { gid: `guest_${'9'.repeat(5000)}` }],
      ['gid-burmese', { gid: rawUtf8(BURMESE) }],
      ['cookie-garbage', { cookie: 'gid=%00; ;;=; gid=%E0%A4%A; refreshToken=%00x' }],
      ['cookie-long', { cookie: `gid=${'g'.repeat(8000)}` }],
      ['accept-language-odd', { 'accept-language': 'zz-ZZ;q=abc, *;q=-1, my;q=NaN' }],
      ['accept-language-burmese', { 'accept-language': rawUtf8(BURMESE) }],
      ['request-id-long', { 'x-request-id': 'r'.repeat(5000) }],
      ['request-id-latin1', { 'x-request-id': rawUtf8(EMOJI) }],
      [
        'forwarded-garbage',
        { 'x-forwarded-for': 'not-an-ip, ::ffff:zz', 'x-forwarded-proto': 'gopher' },
      ],
    ];
    const schema = bodySchema(route);
    const body = schema?.properties
      ? JSON.stringify(
          Object.fromEntries(
            Object.entries(schema.properties).map(([n, s]) => [n, plausibleOf(n, s)]),
          ),
        )
      : undefined;
    return headerSets.map(([label, headers]) => ({
      label: `header:${label}`,
      method: route.method,
      url: urlOf(route),
      headers,
      ...(body === undefined ? {} : { contentType: 'application/json', payload: body }),
    }));
  }

  async function send(probe: Probe, authLabel: string, auth: Headers, route: string) {
    const headers: Headers = { ...auth, ...probe.headers };
    if (probe.contentType !== undefined) headers['content-type'] = probe.contentType;
    const where = `${probe.method} ${probe.url.slice(0, 120)} [${authLabel}] ${probe.label}`;
    sent += 1;
    let res;
    try {
      res = await s.t.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers,
        ...(probe.payload === undefined ? {} : { payload: probe.payload }),
      });
    } catch (err) {
      failures.push(`${where} → inject threw ${String(err)}`);
      return;
    }
    const status = res.statusCode;
    if (status >= 500) {
      failures.push(`${where} → ${status} ${res.body.slice(0, 300)}`);
      return;
    }
    if (route === WEBHOOK && probe.method === 'POST' && status < 400) {
      failures.push(`${where} → ${status}: an unsigned webhook was accepted`);
      return;
    }
    if (status >= 400 && probe.method !== 'HEAD' && probe.url.startsWith('/api')) {
      let body: Partial<ErrorBody> | undefined;
      try {
        body = res.json<Partial<ErrorBody>>();
      } catch {
        body = undefined;
      }
      if (body?.success !== false || typeof body.error !== 'string' || body.error === '') {
        failures.push(
          `${where} → ${status} without the JSON error body: ${res.body.slice(0, 200)}`,
        );
      }
    }
  }

  it('reads every route from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const paths = new Set(routes.map((r) => r.path));
    for (const path of ['/api/v1/cart/add', '/api/v1/orders/{orderId}', WEBHOOK]) {
      expect(paths).toContain(path);
    }
  });

  // The two kinds of 5xx and non-JSON answers this sweep found, pinned down on their own.
  it('refuses a NUL character in a field or path parameter with 400, before SQL', async () => {
    const register = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'accept-language': 'en' },
      payload: {
        name: 'Aung\u0000Aung',
        email: 'nul.char@example.com',
        phoneNumber: '09250000009',
        password: 'mingalaba-yangon-2030',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      fields: { name: 'Must not contain the NUL character' },
    });
    const listing = await s.t.app.inject({
      url: '/api/v1/products/category/mobile%00-topup',
      headers: { 'accept-language': 'en' },
    });
    expect(listing.statusCode).toBe(400);
    expect(listing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { categoryId: 'Must not contain the NUL character' },
    });
  });

  it('answers router errors (bad %-escapes, over-long parameters) with the JSON error body', async () => {
    const badEscape = await s.t.app.inject({
      url: '/api/v1/products/%zz',
      headers: { 'accept-language': 'en' },
    });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({
      success: false,
      error: 'The address is not valid',
      message: 'The address is not valid',
      code: 'BAD_REQUEST',
    });
    const long = await s.t.app.inject({
      url: `/api/v1/products/${'a'.repeat(5000)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, error: 'The address is too long' });
  });

  /**
   * An access token signed with the server's own key (HS256 by hand, so any header and claims can
   * be carried, even ones a JWT library would refuse to sign).
   */
  function signedToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
    const now = Math.floor(s.clock().getTime() / 1000);
    const input = `${b64({ alg: 'HS256', typ: 'JWT', ...header })}.${b64({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, iat: now, ...claims })}`;
    const signature = createHmac('sha256', s.t.secrets.jwtSecret).update(input).digest('base64url');
    return `${input}.${signature}`;
  }

  it('refuses validly signed but malformed access tokens with 401, never a 5xx', async () => {
    const exp = Math.floor(s.clock().getTime() / 1000) + 600;
    const cases: [string, Record<string, unknown>, Record<string, unknown>?][] = [
      ['sub-missing', { sid: sessionId, exp }],
      ['sid-missing', { sub: userId, exp }],
      ['exp-missing', { sub: userId, sid: sessionId }],
      ['sub-not-uuid', { sub: 'not-a-uuid', sid: sessionId, exp }],
      ['sid-not-uuid', { sub: userId, sid: 'not-a-uuid', exp }],
      ['sub-nul', { sub: `${userId}\u0000`, sid: sessionId, exp }],
      ['sid-nul', { sub: userId, sid: `\u0000${sessionId}`, exp }],
      ['sub-long', { sub: 'a'.repeat(5000), sid: sessionId, exp }],
      ['sub-number', { sub: 42, sid: sessionId, exp }],
      ['sid-object', { sub: userId, sid: { id: sessionId }, exp }],
      ['sid-array', { sub: userId, sid: [sessionId], exp }],
      ['sub-unknown-user', { sub: UNKNOWN_UUID, sid: sessionId, exp }],
      ['sid-unknown-session', { sub: userId, sid: UNKNOWN_UUID, exp }],
      ['sub-nil-uuid', { sub: '00000000-0000-0000-0000-000000000000', sid: sessionId, exp }],
      ['exp-string', { sub: userId, sid: sessionId, exp: String(exp) }],
      ['exp-past', { sub: userId, sid: sessionId, exp: exp - 3600 }],
      ['exp-huge', { sub: userId, sid: sessionId, exp: 1e300 }],
      ['exp-negative', { sub: userId, sid: sessionId, exp: -1 }],
      ['nbf-future', { sub: userId, sid: sessionId, exp, nbf: exp + 3600 }],
      ['iat-string', { sub: userId, sid: sessionId, exp, iat: 'yesterday' }],
      ['iss-wrong', { sub: userId, sid: sessionId, exp, iss: 'someone-else' }],
      ['aud-wrong', { sub: userId, sid: sessionId, exp, aud: 'someone-else' }],
      ['typ-wrong', { sub: userId, sid: sessionId, exp }, { typ: 'at+jwt' }],
      [
        'crit-unknown',
        { sub: userId, sid: sessionId, exp },
        { crit: ['x-unknown'], 'x-unknown': 1 },
      ],
    ];
    // The hand-made signer is right: the same claims, well formed, are the customer.
    const good = signedToken({ sub: userId, sid: sessionId, exp });
    const me = await call(s, 'GET', '/api/v1/users/profile', { authorization: `Bearer ${good}` });
    expect(me.statusCode).toBe(200);
    const problems: string[] = [];
    for (const [label, claims, header] of cases) {
      const token = signedToken(claims, header);
      for (const [method, url, payload] of [
        ['GET', '/api/v1/users/profile', undefined],
        ['GET', '/api/v1/orders', undefined],
        ['POST', '/api/v1/cart/add', { productId, quantity: 1, phoneNumber: MPT_PHONE }],
        ['POST', '/api/v1/auth/logout', undefined],
      ] as const) {
        const res = await call(s, method, url, { authorization: `Bearer ${token}` }, payload);
        const body = res.json<Partial<ErrorBody>>();
        if (res.statusCode !== 401 || body.success !== false || !body.error)
          problems.push(`${label} ${method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    // The customer's real session is untouched by all of that.
    expect((await call(s, 'GET', '/api/v1/users/profile', userHeaders)).statusCode).toBe(200);
  });

  /** A webhook delivery signed with the server's secret over exactly these bytes. */
  function signedWebhook(raw: string | Buffer, extraHeaders: Headers = {}) {
    return deliverSandboxWebhook(s.t, s.clock(), raw, { headers: extraHeaders });
  }

  it('answers validly signed but malformed webhooks below 500 and pays nothing with them', async () => {
    let n = 0;
    const event = (data: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
      id: `evt_fuzz_${(n += 1)}`,
      type: 'payment.failed',
      data: {
        reference: paymentReference,
        amount: paymentAmount,
        currency: 'MMK',
        occurredAt: s.clock().toISOString(),
        ...data,
      },
      ...top,
    });
    const bodies: [string, unknown][] = [];
    for (const field of [
      'reference',
      'amount',
      'currency',
      'occurredAt',
      'orderNumber',
      'method',
    ]) {
      for (const [label, value] of badValues)
        bodies.push([`data.${field}=${label}`, event({ [field]: value })]);
    }
    for (const field of ['id', 'type', 'data']) {
      for (const [label, value] of badValues)
        bodies.push([`${field}=${label}`, event({}, { [field]: value })]);
    }
    bodies.push(
      ['unknown-type', event({}, { type: 'payment.refunded' })],
      ['unknown-reference', event({ reference: UNKNOWN_UUID })],
      ['occurredAt-future', event({ occurredAt: '9999-12-31T23:59:59Z' })],
      ['occurredAt-garbage', event({ occurredAt: 'yesterday at noon' })],
      ['currency-usd', event({ currency: 'USD' })],
      [
        'proto',
        JSON.parse(
          `{"__proto__":{"paid":true},"id":"evt_proto","type":"payment.failed","data":${JSON.stringify(event().data)}}`,
        ) as unknown,
      ],
    );
    for (const [label, value] of wholeBodies) bodies.push([`body=${label}`, value]);
    const problems: string[] = [];
    const check = (label: string, res: Awaited<ReturnType<typeof signedWebhook>>) => {
      sent += 1;
      if (res.statusCode >= 500)
        problems.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 400 && res.json<Partial<ErrorBody>>().success !== false)
        problems.push(`${label} → ${res.statusCode} without the JSON error body`);
    };
    for (const [label, body] of bodies) check(label, await signedWebhook(JSON.stringify(body)));
    for (const [label, raw] of brokenJson) check(`json:${label}`, await signedWebhook(raw));
    // Valid JSON nested deeper than a recursive reader could follow, inside a well-formed event.
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const plain = JSON.stringify(event());
    check('deep-extra', await signedWebhook(`${plain.slice(0, -1)},"extra":${deep}}`));
    check('deep-data', await signedWebhook(plain.replace(/"data":\{/, `"data":{"x":${deep},`)));
    // One event id delivered twice with different contents: the second changes nothing.
    const first = event();
    check('same-id-1', await signedWebhook(JSON.stringify(first)));
    check(
      'same-id-2',
      await signedWebhook(JSON.stringify({ ...first, type: 'payment.succeeded' })),
    );
    expect(problems.slice(0, 30), `${problems.length} problems`).toEqual([]);
    // Nothing above paid the order (no payment.succeeded with the right amount was valid).
    const [row] = await s.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, paymentReference));
    expect(row?.paidAt ?? null).toBeNull();
  });

  it('refuses compressed and deeply nested bodies without a 5xx', async () => {
    const cartAdd = { productId, quantity: 1, phoneNumber: MPT_PHONE };
    const json = Buffer.from(JSON.stringify(cartAdd));
    // 20 MB of zeros packs into about 20 KB: a body that would blow up if it were inflated.
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const probes: [string, Buffer | string, Headers][] = [
      ['gzip', gzipSync(json), { 'content-encoding': 'gzip' }],
      ['deflate', deflateSync(json), { 'content-encoding': 'deflate' }],
      ['br', brotliCompressSync(json), { 'content-encoding': 'br' }],
      ['gzip-bomb', bomb, { 'content-encoding': 'gzip' }],
      ['gzip-unlabelled', gzipSync(json), {}],
      ['encoding-unknown', json, { 'content-encoding': 'x-squeeze' }],
      ['encoding-stacked', gzipSync(gzipSync(json)), { 'content-encoding': 'gzip, gzip' }],
      [
        'deep-object-field',
        `{"productId":"${productId}","quantity":1,"phoneNumber":${deepObject(20_000)}}`,
        {},
      ],
      [
        'deep-object-unknown-field',
        `{"productId":"${productId}","quantity":1,"x":${deepObject(20_000)}}`,
        {},
      ],
      ['deep-mixed', `{"productId":${'[{"a":'.repeat(10_000)}1${'}]'.repeat(10_000)}}`, {}],
      [
        'wide-object',
        JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
        {},
      ],
    ];
    const problems: string[] = [];
    for (const [label, payload, headers] of probes) {
      for (const url of ['/api/v1/cart/add', '/api/v1/auth/login', '/api/v1/checkout/initialize']) {
        sent += 1;
        const res = await s.t.app.inject({
          method: 'POST',
          url,
          headers: { ...userHeaders, 'content-type': 'application/json', ...headers },
          payload,
        });
        const body = res.json<Partial<ErrorBody>>();
        if (res.statusCode >= 500 || (res.statusCode >= 400 && body.success !== false))
          problems.push(`${label} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        // Compressed bodies are refused as such; deep ones by the routes that read a body.
        const compressed = 'content-encoding' in headers;
        if (compressed && res.statusCode !== 415)
          problems.push(`${label} ${url} → ${res.statusCode}, not 415`);
        const readsBody = url !== '/api/v1/checkout/initialize';
        if (readsBody && label !== 'deep-object-unknown-field' && res.statusCode < 400)
          problems.push(`${label} ${url} → ${res.statusCode}: accepted`);
      }
    }
    // Signed webhooks too: the signature is over the bytes as sent, so they are refused as bodies.
    for (const [label, payload, headers] of probes.slice(0, 7)) {
      const res = await signedWebhook(
        Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
        headers,
      );
      if (res.statusCode >= 500) problems.push(`webhook ${label} → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers every malformed request with a status below 500', { timeout: 120_000 }, async () => {
    for (const route of routes) {
      if (route.path === '/api/v1/auth/logout') {
        // Every other route was tried with a live session (none logged the customer out; the
        // back-office's own /api/v1/admin/auth/logout ends staff sessions only).
        const profile = await call(s, 'GET', '/api/v1/users/profile', userHeaders);
        expect(profile.statusCode).toBe(200);
      }
      for (const probe of probesOf(route)) {
        for (const [label, auth] of auths) await send(probe, label, auth, route.path);
      }
      for (const probe of headerProbes(route)) await send(probe, 'header', {}, route.path);
    }
    // Paths outside the document: unknown API routes, the docs, static files.
    const strays = [
      '/api',
      '/api/v1',
      '/api/v1/nope',
      '/api/v1/%00',
      '/api/v1/..%2f..%2fpackage.json',
      '/api/docs/json',
      '/media/%00',
      '/media/..%2f..%2fpackage.json',
      '/media/../../package.json',
      `/media/${'a'.repeat(5000)}.png`,
      '/%',
      '/%00',
    ];
    for (const url of strays) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        await send({ label: 'stray', method, url }, 'no-auth', {}, url);
      }
    }
    expect(failures.slice(0, 50), `${failures.length} failures of ${sent} requests`).toEqual([]);
  });

  it('is still up and its database still answers', async () => {
    const health = await s.t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const ready = await s.t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const product = await s.t.app.inject({ url: `/api/v1/products/${productId}` });
    expect(product.statusCode).toBe(200);
  });
});

/**
 * State sequences (issue 11): random runs of what can happen to one order's payment — the bank
 * reports a payment of the right, a lower or a higher amount, or a refusal, on the current QR or
 * an older one; a delivery is replayed; the customer presses Pay Again or Cancel; the QR expires.
 * After every step nothing answers 5xx, and the money adds up: every kyat reported is on a
 * receipt, at most one receipt pays the order, everything else is flagged for refund with its
 * amount, and the order's status and the refund shown to the customer agree with the receipts.
 */
describe('API robustness: payment state sequences keep the money straight', () => {
  type Step =
    | { op: 'pay'; amount: 'exact' | 'under' | 'over'; qr: 'current' | 'first' }
    | { op: 'decline'; qr: 'current' | 'first' }
    | { op: 'replay' | 'payAgain' | 'cancel' | 'expire' | 'runJobs' };

  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('pay' as const),
      amount: fc.constantFrom('exact' as const, 'under' as const, 'over' as const),
      qr: fc.constantFrom('current' as const, 'first' as const),
    }),
    fc.record({
      op: fc.constant('decline' as const),
      qr: fc.constantFrom('current' as const, 'first' as const),
    }),
    fc.record({
      op: fc.constantFrom(
        'replay' as const,
        'payAgain' as const,
        'cancel' as const,
        'expire' as const,
        'runJobs' as const,
      ),
    }),
  );

  let n = 0;
  const s = openShopTest();

  function deliver(body: string) {
    return deliverSandboxWebhook(s.t, s.clock(), body);
  }

  it(
    'random payment sequences: no 5xx, every kyat on a receipt, at most one applied',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
          const { user, order, payment } = await orderAwaitingQrPayment(s);
          const qrs = { first: payment, current: payment };
          let lastBody: string | null = null;
          /** Kyat the bank reported as received, by distinct event. */
          let reported = 0;
          let expiries = 0;
          const orderUrl = `/api/v1/orders/${order.orderId}`;
          for (const step of steps) {
            let res;
            if (step.op === 'pay' || step.op === 'decline') {
              const qr = qrs[step.qr];
              const amount =
                step.op === 'decline'
                  ? qr.amount
                  : { exact: qr.amount, under: qr.amount - 500, over: qr.amount + 700 }[
                      step.amount
                    ];
              lastBody = JSON.stringify({
                id: `evt_seq_${(n += 1)}`,
                type: step.op === 'pay' ? 'payment.succeeded' : 'payment.failed',
                data: {
                  reference: qr.paymentReference,
                  amount,
                  currency: 'MMK',
                  occurredAt: s.clock().toISOString(),
                },
              });
              res = await deliver(lastBody);
              if (step.op === 'pay' && res.statusCode === 200) reported += amount;
            } else if (step.op === 'replay') {
              if (!lastBody) continue;
              res = await deliver(lastBody);
            } else if (step.op === 'payAgain') {
              res = await call(s, 'PUT', `${orderUrl}/regenerate-qr`, user.headers);
              if (res.statusCode === 200) qrs.current = res.json<{ data: PaymentSession }>().data;
            } else if (step.op === 'cancel') {
              res = await call(s, 'PUT', `${orderUrl}/cancel-payment`, user.headers);
            } else if (step.op === 'expire') {
              // At most two windows a run: a third would outlive the 15-minute access token.
              if ((expiries += 1) > 2) continue;
              s.clock.advance(301_000);
              res = await call(s, 'GET', `${orderUrl}/payment-status`, user.headers);
            } else {
              await s.t.app.runPendingJobs();
              continue;
            }
            const where = `${JSON.stringify(steps)} at ${JSON.stringify(step)}`;
            expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(res.json<Partial<ErrorBody>>().success, where).toBe(false);
          }

          const where = JSON.stringify(steps);
          const receipts = await s.t.database.db
            .select()
            .from(paymentReceipts)
            .where(eq(paymentReceipts.orderId, order.orderId));
          const seen = (await call(s, 'GET', orderUrl, user.headers)).json<OrderResponse>().data;
          // Every kyat reported is on a receipt.
          const received = receipts
            .filter((r) => r.outcome !== 'declined')
            .reduce((sum, r) => sum + r.amount, 0);
          expect(received, where).toBe(reported);
          // At most one receipt pays the order, and only with at least its price.
          const applied = receipts.filter(
            (r) => r.outcome === 'applied' || r.outcome === 'overpaid',
          );
          expect(applied.length, where).toBeLessThanOrEqual(1);
          for (const r of applied) expect(r.amount, where).toBeGreaterThanOrEqual(payment.amount);
          // Everything else that brought money is flagged with what is due back.
          for (const r of receipts) {
            const due =
              r.outcome === 'applied' || r.outcome === 'declined'
                ? 0
                : r.outcome === 'overpaid'
                  ? r.amount - payment.amount
                  : r.amount;
            expect({ outcome: r.outcome, refund: r.refundAmount }, where).toEqual({
              outcome: r.outcome,
              refund: due,
            });
            expect(r.refundRequired, where).toBe(due > 0);
          }
          // The order agrees: paid exactly when a receipt paid it; the customer sees the refund due.
          const paid = ['paid', 'refund_pending', 'refunded'].includes(seen.paymentStatus);
          expect({ paid, applied: applied.length }, where).toEqual({
            paid: applied.length === 1,
            applied: applied.length,
          });
          if (applied.length) expect(seen.status, where).not.toBe('cancelled');
          expect(seen.unappliedRefund, where).toBe(
            receipts.reduce((sum, r) => sum + r.refundAmount, 0),
          );
        }),
        // A failure prints fast-check's seed and the shrunk sequence, to replay it exactly.
        { numRuns: 25 },
      );
    },
  );
});
