/**
 * The time source of rules that expire (tokens, codes, rate-limit windows). Injected so tests move
 * time forward instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
