// Code, tests and tools cite the repository's own docs, by path and heading (`docs/product.md#plan-lists`), so a
// reader of a clone can follow every citation (docs/testing.md#the-link-check). A cited file or heading that does
// not exist, a docs file named without its path and heading, and a pointer outside the repository (a product spec
// section, a design file, an issue) are problems.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { anchorsOf } from './docs-links.mjs';
import { trackedFiles } from './tracked-files.mjs';

const SOURCES = ['*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js', '*.md', '*.json', '*.sql', '*.css', '*.html'];
const SOURCE_FOLDERS = ['apps/', 'packages/', 'tools/'];

/** What a reader of the repository cannot open, and the words that name it. */
const OUTSIDE = [
  { pattern: /\bspec(?:'s)? (?:section )?\d/gi, what: 'a section of the product spec' },
  {
    pattern: /\bscreens\.md\b|\bconventions\.md\b|(?:\.\.\/)+shared\/(?:spec|design|bench)\b/g,
    what: 'a design file outside the repository',
  },
  { pattern: /\bissues? \d+|\bissue-\d+/gi, what: 'an issue' },
];

/** A docs file cited by its path, `docs/<file>.md#<heading>`, the heading optional (and then missing). */
const CITATION = /(?<![\w/.-])(docs\/[\w.-]+\.md)(?:#([\w-]+))?/g;

/** The source files (code, READMEs, JSON, SQL, CSS, HTML) of the apps, packages and tools that git knows. */
export function sourceFiles(root) {
  return trackedFiles(root, ...SOURCES).filter((file) =>
    SOURCE_FOLDERS.some((folder) => file.startsWith(folder)),
  );
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** What is wrong with the citations of one source file (a path relative to `root`). */
export function citationProblemsOf(root, file, anchorsByDoc = new Map()) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const problems = [];
  const anchors = (doc) => {
    if (!anchorsByDoc.has(doc))
      anchorsByDoc.set(doc, existsSync(path.join(root, doc)) ? anchorsOf(path.join(root, doc)) : null);
    return anchorsByDoc.get(doc);
  };
  for (const match of text.matchAll(CITATION)) {
    const [cited, doc, anchor] = match;
    const where = `${file}:${lineOf(text, match.index)}`;
    const known = anchors(doc);
    if (known === null) problems.push(`${where}: ${cited} does not exist`);
    else if (!anchor) problems.push(`${where}: ${cited} names no heading (cite docs/<file>.md#<heading>)`);
    else if (!known.has(anchor)) problems.push(`${where}: ${cited} names no heading there`);
  }
  for (const { pattern, what } of OUTSIDE) {
    for (const match of text.matchAll(pattern)) {
      problems.push(
        `${file}:${lineOf(text, match.index)}: "${match[0]}" cites ${what}, which a clone does not hold`,
      );
    }
  }
  return problems;
}
