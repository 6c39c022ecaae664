// The README files and docs/ stand alone in a clone of the repository: every relative link resolves to a file
// inside the repository (and to a heading, when it names one); no link or path points outside it or at an absolute
// location on some machine. Web links (http, https, mailto) are not followed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { trackedFiles } from './tracked-files.mjs';

/** README.md files and everything under docs/ that git knows (tracked or new), outside node_modules. */
export function documents(root) {
  return trackedFiles(root, '*.md')
    .filter((file) => file.startsWith('docs/') || path.basename(file) === 'README.md')
    .filter((file) => existsSync(path.join(root, file)));
}

/** GitHub's heading anchors: lowercased, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings. */
export function anchorsOf(file) {
  const text = readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1])));
}

/** Inline links and images `[text](target)`, with fenced code blocks left out. */
function linksOf(text) {
  const withoutCode = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
  return [...withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({
    target: match[1],
    line: withoutCode.slice(0, match.index).split('\n').length,
  }));
}

/** What is wrong with the links of one document (a path relative to `root`). */
export function linkProblemsOf(root, file) {
  const absolute = path.join(root, file);
  const text = readFileSync(absolute, 'utf8');
  const problems = [];
  for (const { target, line } of linksOf(text)) {
    if (/^(https?:|mailto:)/i.test(target)) continue;
    const where = `${file}:${line}`;
    if (path.isAbsolute(target) || /^[a-z]:[\\/]/i.test(target) || /^file:/i.test(target)) {
      problems.push(`${where}: absolute link ${target}`);
      continue;
    }
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(absolute), decodeURI(pathPart)) : absolute;
    if (resolved !== root && !resolved.startsWith(root + path.sep)) {
      problems.push(`${where}: ${target} points outside the repository`);
    } else if (!existsSync(resolved)) {
      problems.push(`${where}: ${target} does not exist`);
    } else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
      if (!anchorsOf(resolved).has(anchor)) problems.push(`${where}: ${target} names no heading there`);
    }
  }
  // A path written as text, not as a link, still sends a reader out of the clone.
  const prose = text.replace(/\]\([^)]*\)/g, ']()');
  for (const match of prose.matchAll(/(?:\.\.\/)+shared\/|\/work\/|\/home\/|\/Users\//g)) {
    const line = prose.slice(0, match.index).split('\n').length;
    problems.push(`${file}:${line}: mentions ${match[0]}, a path outside the repository`);
  }
  return problems;
}
