// Every relative link of the README and docs/ leads somewhere: to a file of the repository and, with a #fragment,
// to a heading of that file. Moving a note or renaming a heading breaks a link here, not for the next reader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = join(import.meta.dirname, '..', '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The relative links of a Markdown page, outside code blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((link) => !/^[a-z]+:/.test(link));
}

describe('the README and docs/', () => {
  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(readFileSync(join(root, page), 'utf8'))) {
      const [path, fragment] = link.split('#');
      const target = path ? normalize(join(dirname(join(root, page)), path)) : join(root, page);
      if (!existsSync(target)) {
        broken.push(`${link} (no ${relative(root, target)})`);
      } else if (fragment && target.endsWith('.md')) {
        const headings = [...readFileSync(target, 'utf8').matchAll(/^#+ (.*)$/gm)].map((match) =>
          anchorOf(match[1]),
        );
        if (!headings.includes(fragment)) broken.push(`${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('has an index of docs/ that names every note', () => {
    const index = readFileSync(join(root, 'docs', 'README.md'), 'utf8');
    const notes = pages.filter((page) => page.startsWith('docs/') && page !== 'docs/README.md');
    expect(notes.filter((page) => !index.includes(`](${page.slice('docs/'.length)})`))).toEqual([]);
  });
});
