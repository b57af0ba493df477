import { ConfigError } from '../../../config.ts';
import type { Acquirer } from '../acquirer.ts';
import { aplusSettings, createAplusAcquirer } from './aplus.ts';
import { createKbzPayAcquirer, kbzpaySettings } from './kbzpay.ts';
import { createWaveAcquirer, waveSettings } from './wave.ts';

const settingsError = (provider: string, problems: string[]) =>
  new ConfigError(
    `Invalid configuration for PAYMENT_PROVIDER=${provider}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );

/**
 * The outside acquirer `provider` names (the sandbox bank is built by the payments module, which
 * also serves its pages), built from its own variables (ADR 0058); null when it is not one of
 * them. A provider whose variables are missing or malformed stops the start with the list of
 * them (names only, never a value).
 */
export function selectAcquirer(options: {
  provider: string;
  env: Record<string, string | undefined>;
  publicUrl: string;
}): Acquirer | null {
  switch (options.provider) {
    case 'kbzpay': {
      const found = kbzpaySettings(options.env, options.publicUrl);
      if ('problems' in found) throw settingsError('kbzpay', found.problems);
      return createKbzPayAcquirer(found.settings);
    }
    case 'aplus': {
      const found = aplusSettings(options.env, options.publicUrl);
      if ('problems' in found) throw settingsError('aplus', found.problems);
      return createAplusAcquirer(found.settings);
    }
    case 'wave': {
      const found = waveSettings(options.env, options.publicUrl);
      if ('problems' in found) throw settingsError('wave', found.problems);
      return createWaveAcquirer(found.settings);
    }
    default:
      return null;
  }
}

/**
 * Every outside acquirer PAYMENT_PROVIDER names, in its order (ADR 0059: several at once); names
 * that are not outside acquirers (the sandbox, a mistyped one) are left to the caller.
 */
export function selectAcquirers(options: {
  providers: readonly string[];
  env: Record<string, string | undefined>;
  publicUrl: string;
}): Acquirer[] {
  return options.providers
    .map((provider) => selectAcquirer({ ...options, provider }))
    .filter((acquirer): acquirer is Acquirer => acquirer !== null);
}
