// No English validation bubble of the browser (issue 17 #5): every form of the SPA and the
// embedded identity provider's sign-in page carry `noValidate` / `novalidate`, so that only the
// French messages of react-admin (or of the page) show, never the browser's own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInPage } from '../../../server/src/auth/oidc/pages.ts';

const ROOT = join(__dirname, '../../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

/** The JSX opening tag starting at `start` (braces and strings skipped), up to its `>`. */
function openingTag(text: string, start: number): string {
  let depth = 0;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0 && text[i - 1] !== '=') return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** A match in a `//` or `*` comment line is no form. */
function inComment(text: string, index: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', index) + 1, index).trim();
  return line.startsWith('//') || line.startsWith('*') || line.startsWith('{/*');
}

const FORM = /<(SimpleForm|TabbedForm|Form|form)[\s>]|<Box\s+component="form"/g;

describe('forms without native validation', () => {
  it('every form of the SPA says noValidate', () => {
    const missing: string[] = [];
    let forms = 0;
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(FORM)) {
        if (inComment(text, match.index)) continue;
        const tag = openingTag(text, match.index);
        forms++;
        if (!/\bnoValidate\b/.test(tag)) {
          missing.push(`${file.slice(ROOT.length + 1)}: ${tag.slice(0, 60).replace(/\s+/g, ' ')}`);
        }
      }
      for (const match of text.matchAll(/<Box\s*\n\s*component="form"/g)) {
        forms++;
        const tag = openingTag(text, match.index);
        if (!/\bnoValidate\b/.test(tag)) missing.push(`${file.slice(ROOT.length + 1)}: <Box form`);
      }
    }
    expect(forms).toBeGreaterThanOrEqual(8);
    expect(missing).toEqual([]);
  });

  it("the identity provider's sign-in page does not let the browser validate", () => {
    const { html } = signInPage('ageo', { action: '/oidc/interaction/x/login' });
    expect(html).toMatch(/<form [^>]*\bnovalidate\b/);
    expect(html).toContain('required');
  });
});
