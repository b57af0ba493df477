import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's own strings for the browser tests, read from the same files the app loads: the shared
 * ones (src/locales), each feature's (features/<name>/locales) and the ones a feature loads with
 * the code that shows them (features/<name>/content/*messages.<language>.json, issue 29), merged
 * into one tree — a test finds a string wherever the app keeps it.
 */
export type Language = 'en' | 'my';
export type Messages = { [key: string]: string | Messages };

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return target;
}

function messageFiles(language: Language): string[] {
  const features = path.join(srcDir, 'features');
  const files = [path.join(srcDir, 'locales', `${language}.json`)];
  for (const feature of fs.readdirSync(features)) {
    files.push(path.join(features, feature, 'locales', `${language}.json`));
    const content = path.join(features, feature, 'content');
    if (!fs.existsSync(content)) continue;
    for (const file of fs.readdirSync(content).sort())
      if (file.endsWith(`messages.${language}.json`)) files.push(path.join(content, file));
  }
  return files.filter((file) => fs.existsSync(file));
}

export function appMessages(language: Language): Messages {
  return messageFiles(language).reduce<Messages>(
    (all, file) => deepMerge(all, JSON.parse(fs.readFileSync(file, 'utf8')) as Messages),
    {},
  );
}

/** t(key, values) over appMessages: each `{{name}}` given filled in; a missing key fails the test. */
export function appTranslator(language: Language) {
  const messages = appMessages(language);
  return (key: string, values: Record<string, string> = {}): string => {
    let node: string | Messages | undefined = messages;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`No ${language} message ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
}
