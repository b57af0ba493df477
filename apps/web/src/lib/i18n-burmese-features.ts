type Messages = Record<string, unknown>;

/** Every feature's Burmese strings, bundled into the one lazily loaded Burmese chunk. */
const burmeseFeatures = import.meta.glob<Messages>('../features/*/locales/my.json', {
  eager: true,
  import: 'default',
});

export function loadBurmeseFeatureMessages(): Messages[] {
  return Object.values(burmeseFeatures);
}
