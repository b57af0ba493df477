import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a push may go (issue 25, ADR 0042). A subscription's endpoint is any URL a browser (or an
 * attacker) posts; the server then connects to it. So it must be on a known push service's host,
 * and at send time it must resolve to a public address: never loopback, link-local, private,
 * unique-local, unspecified, multicast or another special range (the cloud's metadata service,
 * the database, the admin ports of the machine itself).
 */

/** The browsers' push services: Chrome/Edge/Android (FCM), Firefox, Safari, Windows. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** A URL's host without an IPv6 literal's brackets, lower case. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** `host` is `pattern`, or under it when the pattern starts with `*.`. */
function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return host === pattern;
}

/** An address the internet routes to someone (ipaddr.js's `unicast`: no special range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface PushDestinations {
  /** Hosts (`*.` for a domain's hosts) beyond KNOWN_PUSH_HOSTS: PUSH_ALLOWED_HOSTS. */
  extraHosts: readonly string[];
  /** Internal addresses allowed: a test's stand-in push service on 127.0.0.1. */
  allowPrivateAddresses: boolean;
}

/**
 * What the endpoint's host allows before any connection: a known push service on its default port
 * (or an operator's extra host), and when it is an address itself, a public one. Checked at
 * subscribe and at send.
 */
export function endpointHostAllowed(url: URL, destinations: PushDestinations): boolean {
  const host = bareHost(url);
  // The browsers' push services listen on the default port only: another port of their hosts is
  // no push service (an operator's extra host may name one).
  const known = KNOWN_PUSH_HOSTS.some((pattern) => hostMatches(host, pattern));
  if (known && url.port !== '') return false;
  if (!known && !destinations.extraHosts.some((pattern) => hostMatches(host, pattern)))
    return false;
  return !ipaddr.isValid(host) || destinations.allowPrivateAddresses || isPublicAddress(host);
}

export class InternalAddressError extends Error {
  readonly code = 'EPUSHINTERNAL';
  constructor(host: string, address: string) {
    super(`push endpoint host ${host} resolves to ${address}, an internal address`);
    this.name = 'InternalAddressError';
  }
}

/**
 * The DNS lookup of a push's connection: it resolves the host, refuses it when any of its
 * addresses is internal, and hands the very addresses it checked to the connection, so a second
 * lookup answering otherwise (DNS rebinding) is never asked.
 */
export function publicAddressLookup(destinations: PushDestinations): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const internal = destinations.allowPrivateAddresses
        ? undefined
        : addresses.find((a) => !isPublicAddress(a.address));
      const [first] = addresses;
      if (internal) {
        callback(new InternalAddressError(hostname, internal.address), '', 0);
        return;
      }
      if (!first) {
        callback(new Error(`push endpoint host ${hostname} has no address`), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
