#!/usr/bin/env node
// A project's `check` (what `npm test` runs): TypeScript's diagnostics, as `tsc --noEmit` reports them, and ESLint
// with its type-aware rules, on one TypeScript program. Each needs the project's whole program, and building it is
// most of either's time, so it is built once here instead of once in `typecheck` and once in `lint`
// (docs/testing.md#where-the-time-goes). Run in the project's folder; exits 1 on any error of either.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const projectDir = process.cwd();

/** The program of the project's tsconfig.json, with the problems of the config itself. */
function projectProgram() {
  const configProblems = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(projectDir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (problem) => configProblems.push(problem) },
  );
  if (!parsed) return { program: undefined, problems: configProblems };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  return { program, problems: [...configProblems, ...diagnosticsOfOwnFiles(program, parsed.fileNames)] };
}

/**
 * What `tsc --noEmit` reports, but the full check only of the project's own files: the workspace packages' sources
 * that it imports are read for their types and checked in full by their own project's `check`, not again in every
 * project that imports them (docs/testing.md#where-the-time-goes).
 */
function diagnosticsOfOwnFiles(program, rootNames) {
  const own = new Set(rootNames.map((name) => path.resolve(name)));
  const ownFiles = program.getSourceFiles().filter((file) => own.has(path.resolve(file.fileName)));
  return [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ownFiles.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
      ...(program.getCompilerOptions().declaration ? program.getDeclarationDiagnostics(file) : []),
    ]),
  ];
}

const { program, problems } = projectProgram();
if (problems.length > 0) {
  const host = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => projectDir,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnosticsWithColorAndContext(problems, host));
}

let lintErrors = 0;
if (program) {
  const eslint = new ESLint({
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  });
  const results = await eslint.lintFiles(['.']);
  lintErrors = results.reduce((sum, result) => sum + result.errorCount, 0);
  const report = await (await eslint.loadFormatter('stylish')).format(results);
  if (report) console.log(report);
}

const typeErrors = problems.filter((problem) => problem.category === ts.DiagnosticCategory.Error).length;
if (typeErrors > 0 || lintErrors > 0 || !program) {
  console.error(`${path.basename(projectDir)}: ${typeErrors} type error(s), ${lintErrors} lint error(s)`);
  process.exit(1);
}
