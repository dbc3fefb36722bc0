// The shape of every Stripe object, read from the official `stripe` package's type definitions:
// each exported interface of its resources with an `object: '<literal>'` property is the type of the
// objects carrying that literal (`payment_intent` → PaymentIntent; `event` → one interface per event
// type, told apart by `type`; `coupon` → Coupon or DeletedCoupon).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { cached, packageDir, packageVersion } from './cache.ts';
import { ShapeBuilder, createProgram, type Schema, type Shape } from './shape.ts';

export interface ObjectSchema extends Schema {
  /** Every type an object with this `object` value may have. */
  byObject: Record<string, Shape[]>;
}

function dtsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? dtsFiles(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

export function buildStripeSchema(): ObjectSchema {
  const root = packageDir('stripe');
  const files = dtsFiles(join(root, 'esm', 'resources'));
  const program = createProgram(files);
  const checker = program.getTypeChecker();
  const builder = new ShapeBuilder(checker, ['Decimal']);
  const byObject: Record<string, Shape[]> = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const stmt of source.statements) {
      if (!ts.isInterfaceDeclaration(stmt)) continue;
      if (!stmt.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      if (stmt.typeParameters?.length) continue;
      const type = checker.getTypeAtLocation(stmt.name);
      const objectProp = type.getProperty('object');
      if (!objectProp) continue;
      const literal = checker.getTypeOfSymbol(objectProp);
      if (!literal.isStringLiteral()) continue;
      (byObject[literal.value] ??= []).push(builder.shape(type));
    }
  }
  return { source: `stripe@${packageVersion('stripe')}`, defs: builder.defs, byObject };
}

/** The schema for the installed `stripe` package, built once and kept under node_modules/.cache. */
export function stripeSchema(): ObjectSchema {
  return cached(`stripe-${packageVersion('stripe')}`, buildStripeSchema);
}

export function stripeApiVersion(): string {
  const text = ts.sys.readFile(join(packageDir('stripe'), 'esm', 'apiVersion.d.ts')) ?? '';
  return /ApiVersion = "([^"]+)"/.exec(text)?.[1] ?? 'unknown';
}
