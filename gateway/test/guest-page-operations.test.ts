import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import {
  Kind,
  parse,
  valueFromASTUntyped,
  type DocumentNode,
  type ObjectTypeDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import ts from 'typescript';
import type { OperationAccess } from '@gallery/contracts';
import { buildLiveSchema } from '../src/live/live-schema.js';
import { GUEST_FIELDS, outsideGallery } from '../src/custom-domains/gallery-scope.js';

// The couple's domain serves the web app's custom-domain routes; what those pages send is read here from the
// web app's sources (every GraphQL document of every module the routes import, lazily or not), so the list of
// what passes there cannot drift from the pages: a guest operation a page adds fails here until it is let
// through, and an entry no page sends any more fails until it goes.

const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const ROUTES = path.join(WEB_SRC, 'premium/CustomDomainRoutes.tsx');
const SUBGRAPHS = fileURLToPath(new URL('../subgraphs/', import.meta.url));
const CODE = 'KXMP7TQR';
/**
 * Operations in a module the pages load that no page on the couple's domain sends (a module is read whole), and
 * where they are sent instead: they stay refused there.
 */
const SENT_ELSEWHERE: Readonly<Record<string, string>> = {
  stopPhotosReadyMail: "the mail's stop page, on the product's own site (mailStopPath)",
};

interface PageModules {
  files: string[];
  documents: { file: string; document: DocumentNode }[];
}

/** A relative import's file: the path as written or with the extensions Vite tries. */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // the next candidate
    }
  }
  return null;
}

/**
 * A gql template's document. An interpolation (a shared list of fields, a fragment) stands in a selection set
 * as `__typename` and between definitions as nothing: what is read here is each operation's root fields.
 */
function templateDocument(template: ts.TemplateLiteral): DocumentNode {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return parse(template.text);
  let text = template.head.text;
  for (const span of template.templateSpans) {
    const depth = [...text].reduce((open, char) => open + (char === '{' ? 1 : char === '}' ? -1 : 0), 0);
    text += (depth > 0 ? ' __typename ' : ' ') + span.literal.text;
  }
  return parse(text);
}

/** Every module the custom-domain routes load (type-only imports aside) and the gql documents in them. */
function pageModules(): PageModules {
  const seen = new Set<string>();
  const documents: PageModules['documents'] = [];
  const queue = [ROUTES];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const follow = (specifier: ts.Expression | undefined) => {
      if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
      const target = resolveImport(file, specifier.text);
      if (target && /\.tsx?$/.test(target)) queue.push(target);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) follow(node.moduleSpecifier);
      else if (ts.isExportDeclaration(node) && !node.isTypeOnly) follow(node.moduleSpecifier);
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        follow(node.arguments[0]);
      } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'gql') {
        documents.push({ file: path.relative(WEB_SRC, file), document: templateDocument(node.template) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: [...seen].map((file) => path.relative(WEB_SRC, file)), documents };
}

/** Who may call each root field of the API: the subgraphs' marks, and the gateway's live subscriptions'. */
function accessMarks(): Map<string, OperationAccess> {
  const marks = new Map<string, OperationAccess>();
  for (const file of readdirSync(SUBGRAPHS).filter((name) => name.endsWith('.graphql'))) {
    for (const definition of parse(readFileSync(path.join(SUBGRAPHS, file), 'utf8')).definitions) {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
      if (!['Query', 'Mutation'].includes((definition as ObjectTypeDefinitionNode).name.value)) continue;
      for (const field of definition.fields ?? []) {
        const mark = field.directives?.find((directive) => directive.name.value === 'access');
        if (!mark) continue;
        marks.set(
          field.name.value,
          Object.fromEntries(
            (mark.arguments ?? []).map((argument) => [
              argument.name.value,
              valueFromASTUntyped(argument.value),
            ]),
          ) as unknown as OperationAccess,
        );
      }
    }
  }
  const live = buildLiveSchema(() => {
    throw new Error('nothing subscribes here');
  });
  for (const field of Object.values(live.getSubscriptionType()!.getFields())) {
    marks.set(field.name, field.extensions.access as OperationAccess);
  }
  return marks;
}

function operationsOf(document: DocumentNode): OperationDefinitionNode[] {
  return document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
}

function rootFields(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.map((selection) =>
    selection.kind === Kind.FIELD ? selection.name.value : selection.kind,
  );
}

describe("what the guest pages on a couple's domain send, against what passes there", () => {
  const modules = pageModules();
  const marks = accessMarks();
  /** The couple's parts of shared components: refused on the domain, where no owner is signed in. */
  const isOwners = (field: string) => ['owner', 'signed-in'].includes(marks.get(field)?.who ?? '');
  const guestOperations = modules.documents.flatMap(({ file, document }) =>
    operationsOf(document)
      .filter(
        (operation) => !rootFields(operation).some((field) => isOwners(field) || field in SENT_ELSEWHERE),
      )
      .map((operation) => ({ file, document, operation })),
  );

  it('reads the gallery page, its "Find me" page and their parts', () => {
    expect(modules.files).toEqual(
      expect.arrayContaining([
        'gallery/GalleryView.tsx',
        'findMe/FindMeView.tsx',
        'hearts/graphql.ts',
        'guestbook/graphql.ts',
        'gallery/downloadAll.ts',
      ]),
    );
    expect(modules.files).not.toContain('owner/EventPage.tsx');
    const sent = new Set(guestOperations.flatMap(({ operation }) => rootFields(operation)));
    for (const field of ['findMeAvailable', 'findMe', 'requestPhotosArchive', 'setHeart', 'photoAdded']) {
      expect([field, sent.has(field)]).toEqual([field, true]);
    }
  });

  it('lets each of their guest operations through, for this gallery', () => {
    expect(guestOperations.length).toBeGreaterThan(20);
    for (const { file, document, operation } of guestOperations) {
      const name = `${file}: ${operation.name?.value ?? 'anonymous'}`;
      for (const field of rootFields(operation)) {
        expect([name, field, field in GUEST_FIELDS]).toEqual([name, field, true]);
      }
      // Every variable holds the gallery's code: the check reads only the arguments naming the gallery.
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, CODE]),
      );
      const refusal = outsideGallery(document, operation.name?.value, variables, CODE);
      expect([name, refusal?.message ?? 'let through']).toEqual([name, 'let through']);
      const elsewhere = outsideGallery(
        document,
        operation.name?.value,
        Object.fromEntries(Object.keys(variables).map((variable) => [variable, 'HWYC3NAD'])),
        CODE,
      );
      const namesGallery = rootFields(operation).some((field) => GUEST_FIELDS[field] !== null);
      if (namesGallery) expect([name, elsewhere?.message]).toEqual([name, expect.any(String)]);
    }
  });

  it('lets nothing else through: each entry is a guest or public operation the pages send', () => {
    for (const field of Object.keys(SENT_ELSEWHERE))
      expect([field, field in GUEST_FIELDS]).toEqual([field, false]);
    const sent = new Set(guestOperations.flatMap(({ operation }) => rootFields(operation)));
    for (const [field, argument] of Object.entries(GUEST_FIELDS)) {
      if (field === '__typename') continue;
      expect([field, sent.has(field)]).toEqual([field, true]);
      const mark = marks.get(field);
      expect([field, mark?.who]).toEqual([field, expect.stringMatching(/^(guest|public)$/)]);
      // A guest operation's gallery is the argument its mark names; a public one names its own, or none.
      if (mark?.who === 'guest') expect([field, argument]).toEqual([field, mark.argument]);
    }
  });
});
