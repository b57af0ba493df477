import { ConfigError } from '../../../config.ts';
import type { Acquirer } from '../acquirer.ts';
import { aplusSettings, createAplusAcquirer } from './aplus.ts';
import { createKbzPayAcquirer, kbzpaySettings } from './kbzpay.ts';
import { createWaveAcquirer, waveSettings } from './wave.ts';

const settingsError = (provider: string, problems: string[]) =>
  new ConfigError(
    `Invalid configuration for PAYMENT_PROVIDER=${provider}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );

type Env = Record<string, string | undefined>;

/** A provider built from its settings, or the start stopped with what is wrong with them. */
function fromSettings<S>(
  name: string,
  settingsOf: (env: Env, publicUrl: string) => { settings: S } | { problems: string[] },
  create: (settings: S) => Acquirer,
) {
  return (env: Env, publicUrl: string): Acquirer => {
    const found = settingsOf(env, publicUrl);
    if ('problems' in found) throw settingsError(name, found.problems);
    return create(found.settings);
  };
}

/** The outside acquirers built in, by their PAYMENT_PROVIDER name (ADR 0058, 0059). */
const outsideAcquirers: Record<string, (env: Env, publicUrl: string) => Acquirer> = {
  kbzpay: fromSettings('kbzpay', kbzpaySettings, createKbzPayAcquirer),
  aplus: fromSettings('aplus', aplusSettings, createAplusAcquirer),
  wave: fromSettings('wave', waveSettings, createWaveAcquirer),
};

/**
 * The outside acquirer `provider` names (the sandbox bank is built by the payments module, which
 * also serves its pages), built from its own variables; null when it is not one of them. A
 * provider whose variables are missing or malformed stops the start with the list of them (names
 * only, never a value).
 */
export function selectAcquirer(options: {
  provider: string;
  env: Env;
  publicUrl: string;
}): Acquirer | null {
  const build = Object.hasOwn(outsideAcquirers, options.provider)
    ? outsideAcquirers[options.provider]
    : undefined;
  return build ? build(options.env, options.publicUrl) : null;
}

/**
 * Every outside acquirer PAYMENT_PROVIDER names, in its order (ADR 0059: several at once); names
 * that are not outside acquirers (the sandbox, a mistyped one) are left to the caller.
 */
export function selectAcquirers(options: {
  providers: readonly string[];
  env: Env;
  publicUrl: string;
}): Acquirer[] {
  return options.providers
    .map((provider) => selectAcquirer({ ...options, provider }))
    .filter((acquirer): acquirer is Acquirer => acquirer !== null);
}
