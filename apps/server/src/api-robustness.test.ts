import type { ErrorBody } from '@shop/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createShopTest,
  MPT_PHONE,
  orderAwaitingQrPayment,
  type ShopTest,
} from './modules/checkout/checkout-test-kit.ts';

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
  let s: ShopTest;
  let routes: Route[];
  let auths: [string, Headers][];
  /** A plausible value for a field, path or query parameter of that name. */
  let plausible: Record<string, unknown>;
  let productId: string;
  let categoryId: string;
  let userToken: string;
  let userHeaders: Headers;
  let sent = 0;
  const failures: string[] = [];

  beforeAll(async () => {
    s = await createShopTest();
    productId = s.catalogue.productId('T-MPT-1000');
    categoryId = s.catalogue.topup.id;
    // A signed-in customer with a pending order and a live MM QR payment: real ids to aim at.
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    userHeaders = user.headers;
    userToken = user.headers.authorization.replace('Bearer ', '');
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
  afterAll(() => s.t.close());

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
    const listing = await s.t.app.inject({ url: '/api/v1/products/category/mobile%00-topup' });
    expect(listing.statusCode).toBe(400);
    expect(listing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { categoryId: 'Must not contain the NUL character' },
    });
  });

  it('answers router errors (bad %-escapes, over-long parameters) with the JSON error body', async () => {
    const badEscape = await s.t.app.inject({ url: '/api/v1/products/%zz' });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({
      success: false,
      error: 'The address is not valid',
      message: 'The address is not valid',
      code: 'BAD_REQUEST',
    });
    const long = await s.t.app.inject({ url: `/api/v1/products/${'a'.repeat(5000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, error: 'The address is too long' });
  });

  it('answers every malformed request with a status below 500', { timeout: 120_000 }, async () => {
    for (const route of routes) {
      if (route.path.endsWith('/auth/logout')) {
        // Every other route was tried with a live session (none logged the customer out).
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
