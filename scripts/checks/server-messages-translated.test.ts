import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Stands for a part of a message only known at run time. */
const RUNTIME_PART = '…';
const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'zh'] as const;

/** What the servers answer the web app with; the admin commands and the demo seed talk to operators. */
const SERVER_SOURCES = ['apps/api/src', 'apps/support/src', 'packages/server/src'];
const OPERATOR_ONLY = ['apps/api/src/admin/', 'apps/api/src/seed/'];
const HELPER_SOURCES = ['apps/helper/src'];
/** The request schemas both servers validate with: their rule messages come back as violations. */
const CONTRACT_SOURCES = ['packages/contracts/src'];
/** The helper's own contract: its words reach the web app only as a helper failure's folded details. */
const HELPER_CONTRACT = 'packages/contracts/src/helper.ts';
/** Spec §8's helper messages, word for word. */
const SPEC_HELPER_MESSAGES = [
  'We cannot load your download folder',
  'Default download folder not selected!',
  'File download error',
  'Error to add file download',
  'File browse error',
  'Error getting download list',
  'Error running tool',
  'Error launching the software',
  'Error installing tool',
  'Software installation error',
  'Error downloading tool',
  'Error setting status',
];

/**
 * Messages the web app never looks up, each with the reason: their words are for machines or
 * operators, or the web app translates the answer by another field.
 */
const NOT_FOR_THE_WEB_APP: Record<string, string> = {
  [`Not ready: ${RUNTIME_PART}`]: 'the readiness probe answers a load balancer, not a person',
  'The card master key must be 64 hexadecimal characters (32 bytes)':
    'checks the configuration of the servers and the helper, which operators read',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !OPERATOR_ONLY.some((folder) => file.startsWith(folder)));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * `const NAME = 'text'` and `const NAMES = { key: 'text', … }` anywhere in the given files: how the
 * servers name their messages, alone or as a table looked up by a reason.
 */
function stringConstants(files: ts.SourceFile[]): Map<string, string[]> {
  const constants = new Map<string, string[]>();
  for (const file of files) {
    walk(file, (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
      if (ts.isStringLiteralLike(node.initializer)) constants.set(node.name.text, [node.initializer.text]);
      if (ts.isObjectLiteralExpression(node.initializer)) {
        const values = node.initializer.properties.map((property) =>
          ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer)
            ? property.initializer.text
            : null,
        );
        if (values.length > 0 && values.every((value) => value !== null)) {
          constants.set(node.name.text, values as string[]);
        }
      }
    });
  }
  return constants;
}

/** The texts an expression may stand for; a part only known at run time becomes RUNTIME_PART. */
function textsOf(expression: ts.Expression, constants: Map<string, string[]>): string[] {
  if (ts.isStringLiteralLike(expression)) return [expression.text];
  if (ts.isIdentifier(expression)) return constants.get(expression.text) ?? [];
  // `VALIDATION_REFUSAL_MESSAGES[verdict.refusal]`: any text of the table.
  if (ts.isElementAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    return constants.get(expression.expression.text) ?? [];
  }
  // `issue.message ?? 'Invalid value'`: the fallback is the literal the server may send.
  if (
    ts.isBinaryExpression(expression) &&
    expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
  ) {
    return textsOf(expression.right, constants);
  }
  if (ts.isTemplateExpression(expression)) {
    const text = expression.templateSpans.reduce(
      (text, span) =>
        `${text}${textsOf(span.expression, constants).at(0) ?? RUNTIME_PART}${span.literal.text}`,
      expression.head.text,
    );
    return [text];
  }
  return [];
}

/** The errors whose message reaches the client, and which argument holds it. */
function httpErrorClasses(): Map<string, number> {
  const classes = new Map<string, number>([['HttpError', 2]]);
  walk(parse('packages/server/src/errors.ts'), (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isCallExpression(node.initializer) && node.initializer.expression.getText() === 'defineError') {
        classes.set(node.name.text, 0);
      }
    }
    if (
      ts.isClassDeclaration(node) &&
      node.name &&
      node.heritageClauses?.[0]?.getText() === 'extends HttpError'
    ) {
      const initializer = node.members.find(ts.isConstructorDeclaration);
      const position = initializer?.parameters.findIndex(
        (parameter) => parameter.name.getText() === 'message',
      );
      if (position !== undefined && position >= 0) classes.set(node.name.text, position);
    }
  });
  return classes;
}

interface Message {
  text: string;
  where: string;
}

/** Every message text the files send: errors' messages and defaults, and `message:` fields. */
function sentMessages(files: ts.SourceFile[], constants: Map<string, string[]>): Message[] {
  const classes = httpErrorClasses();
  const messages: Message[] = [];
  const add = (expression: ts.Expression | undefined, file: ts.SourceFile) => {
    if (!expression) return;
    const { line } = file.getLineAndCharacterOfPosition(expression.getStart());
    for (const text of textsOf(expression, constants))
      messages.push({ text, where: `${file.fileName}:${line + 1}` });
  };
  for (const file of files) {
    walk(file, (node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const position = classes.get(node.expression.text);
        if (position !== undefined) add(node.arguments?.[position], file);
      }
      // A named error of its own: `class X extends HttpError { constructor() { super(409, 'CODE', TEXT) } }`.
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
        const owner = ts.findAncestor(node, ts.isClassLike);
        if (owner?.heritageClauses?.[0]?.getText() === 'extends HttpError') add(node.arguments[2], file);
      }
      // The defaults: defineError('CODE', status, 'default') and `message = 'default'` parameters.
      if (ts.isCallExpression(node) && node.expression.getText() === 'defineError')
        add(node.arguments[2], file);
      if (ts.isParameter(node) && node.name.getText() === 'message' && node.initializer)
        add(node.initializer, file);
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'message') add(node.initializer, file);
    });
  }
  return messages;
}

/**
 * The rule messages of zod schemas: sentences given to a call (`.min(1, 'Email is required')`) or as
 * `message`/`error` (`{ message: 'Message is required', abort: true }`).
 */
function schemaMessages(files: ts.SourceFile[]): Message[] {
  const messages: Message[] = [];
  for (const file of files) {
    walk(file, (node) => {
      if (!ts.isStringLiteralLike(node) || !/^[A-Z].* /.test(node.text)) return;
      const { parent } = node;
      const argument = ts.isCallExpression(parent) && parent.arguments.includes(node);
      const option = ts.isPropertyAssignment(parent) && ['message', 'error'].includes(parent.name.getText());
      if (!argument && !option) return;
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      messages.push({ text: node.text, where: `${file.fileName}:${line + 1}` });
    });
  }
  return messages;
}

function untranslatedOf(messages: Message[], byLanguage: Record<string, Record<string, string>>) {
  return messages
    .filter(({ text }) => !(text in NOT_FOR_THE_WEB_APP))
    .map(({ text, where }) => ({ where, text, missing: missingIn(text, byLanguage) }))
    .filter(({ missing }) => missing.length > 0);
}

function catalogues(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const locale = JSON.parse(readFileSync(join(root, 'apps/web/src/locales', `${language}.json`), 'utf8'));
      return [language, locale.messages as Record<string, string>];
    }),
  );
}

/** The languages, and their wording, that lack a translation of `text`. */
function missingIn(text: string, byLanguage: Record<string, Record<string, string>>): string[] {
  return LANGUAGES.filter((language) => {
    const translation = byLanguage[language]?.[text];
    return !translation || (language !== 'en' && translation === text);
  });
}

describe('server messages are in the web catalogue', () => {
  const byLanguage = catalogues();

  it('has every message the API and support servers send translated in all six languages', () => {
    const files = SERVER_SOURCES.flatMap(sourceFiles).map(parse);
    const contracts = CONTRACT_SOURCES.flatMap(sourceFiles).map(parse);
    const messages = sentMessages(files, stringConstants([...files, ...contracts]));
    expect(messages.length).toBeGreaterThan(50);
    expect(untranslatedOf(messages, byLanguage)).toEqual([]);
  });

  it('has every rule message of the request schemas translated in all six languages', () => {
    const contracts = CONTRACT_SOURCES.flatMap(sourceFiles)
      .filter((file) => file !== HELPER_CONTRACT)
      .map(parse);
    const messages = schemaMessages(contracts);
    expect(messages.map(({ text }) => text)).toEqual(
      expect.arrayContaining(['Email is required', 'Message is required']),
    );
    expect(untranslatedOf(messages, byLanguage)).toEqual([]);
  });

  it('has the spec message that starts each helper error translated in all six languages', () => {
    const files = HELPER_SOURCES.flatMap(sourceFiles).map(parse);
    // The helper says "Error running tool: <what happened>"; the web app shows the translated
    // spec message and folds the rest away, so only the part before the colon needs a key.
    const specMessages = sentMessages(files, stringConstants(files))
      .map(({ text, where }) => ({ where, prefix: /^([A-Z][^:]*?): \S/.exec(text)?.[1] }))
      .filter(
        (message): message is { where: string; prefix: string } =>
          message.prefix !== undefined && SPEC_HELPER_MESSAGES.includes(message.prefix),
      );
    expect(specMessages.length).toBeGreaterThan(0);
    const untranslated = specMessages
      .map(({ where, prefix }) => ({ where, prefix, missing: missingIn(prefix, byLanguage) }))
      .filter(({ missing }) => missing.length > 0);
    expect(untranslated).toEqual([]);
  });
});
