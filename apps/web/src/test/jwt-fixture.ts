/** Builds an unsigned JWT-shaped token for client tests (the client never checks signatures). */
export function makeJwt(expiresAtMs: number, subject = 'user-1'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp: Math.floor(expiresAtMs / 1000) })}.signature`;
}

export const sampleUser = {
  id: 'u1',
  _id: 'u1',
  name: 'Aung Aung',
  email: 'aung@example.com',
  phoneNumber: '959250000000',
  role: 'user' as const,
  emailVerified: true,
  phoneVerified: true,
  createdAt: '2025-01-02T03:04:05.000Z',
};
