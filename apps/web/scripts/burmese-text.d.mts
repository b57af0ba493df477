export function burmeseTextSources(repoRoot: string): string[];
export function burmeseCodepoints(repoRoot: string, sources?: string[]): number[];
export function unicodeRange(codepoints: number[]): string;
