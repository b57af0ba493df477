import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with tagged parts, e.g. "… our <terms>Terms of Service</terms> …", with
 * each `<name>…</name>` drawn by `parts[name]` and the rest as text (never as HTML).
 *
 * Why not react-i18next's <Trans>: it brings an HTML parser (html-parse-stringify) into the
 * libraries chunk every page loads, ~2 KiB gzip of first-visit JavaScript for one sentence of the
 * sign-up form (issue 16's budget). Tags here are flat, named and known to the caller; an unknown
 * tag is left as it is written, so a translation mistake shows instead of vanishing.
 */
export function taggedText(
  text: string,
  parts: Record<string, (children: string) => ReactNode>,
): ReactNode[] {
  const out: ReactNode[] = [];
  const tag = /<([a-z]+)>(.*?)<\/\1>/g;
  let at = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name = '', inner = ''] = match;
    const draw = parts[name];
    if (!draw) continue;
    out.push(text.slice(at, match.index), <Fragment key={match.index}>{draw(inner)}</Fragment>);
    at = match.index + whole.length;
  }
  out.push(text.slice(at));
  return out;
}
