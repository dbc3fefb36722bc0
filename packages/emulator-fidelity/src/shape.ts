// Turns TypeScript types (read with the compiler API from a package's `.d.ts` files) into plain JSON
// shapes a validator can walk: which keys an object must have, which may be `null`, which string or
// number literals an enum allows. Named object types are stored once under `defs` and referred to by
// key, so recursive types (a price's product's default price…) stay finite.
import ts from 'typescript';

export type Shape =
  | { k: 'any' }
  | { k: 'string' }
  | { k: 'number' }
  | { k: 'boolean' }
  | { k: 'null' }
  | { k: 'lit'; v: string | number | boolean }
  | { k: 'union'; of: Shape[] }
  | { k: 'array'; of: Shape }
  | { k: 'ref'; id: string };

export interface ObjectDef {
  /** Readable name for failure messages, e.g. `PaymentIntent.NextAction`. */
  name: string;
  props: Record<string, { t: Shape; opt: boolean }>;
  /** Type of the values of an index signature (`metadata`), when there is one. */
  index?: Shape;
}

export interface Schema {
  /** What the shapes were read from, e.g. `stripe@23.1.0`. */
  source: string;
  defs: Record<string, ObjectDef>;
}

/** Reads types from one program; every object type reached is added to `schema.defs` once. */
export class ShapeBuilder {
  readonly defs: Record<string, ObjectDef> = {};
  private readonly keys = new Map<ts.Type, string>();

  /**
   * @param wireStrings names of types the SDK builds from a string on the wire (Stripe's `Decimal`),
   * so the JSON holds a string there.
   */
  constructor(
    readonly checker: ts.TypeChecker,
    private readonly wireStrings: string[] = [],
  ) {}

  shape(type: ts.Type): Shape {
    const c = this.checker;
    const f = type.flags;
    const name = type.aliasSymbol?.name ?? type.getSymbol()?.name;
    if (name && this.wireStrings.includes(name)) return { k: 'string' };
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { k: 'any' };
    if (f & ts.TypeFlags.Null) return { k: 'null' };
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { k: 'null' };
    if (type.isStringLiteral()) return { k: 'lit', v: type.value };
    // A `…Flags` enum is a bit field even with one member (discord-api-types' RoleFlags): any number, 0 too.
    if (f & ts.TypeFlags.EnumLiteral && type.isNumberLiteral()) {
      const member: (ts.Symbol & { parent?: ts.Symbol }) | undefined = type.getSymbol();
      if (/Flags$/.test(member?.parent?.name ?? '')) return { k: 'number' };
    }
    if (type.isNumberLiteral()) return { k: 'lit', v: type.value };
    if (f & ts.TypeFlags.BooleanLiteral) return { k: 'lit', v: c.typeToString(type) === 'true' };
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { k: 'string' };
    if (f & (ts.TypeFlags.Number | ts.TypeFlags.BigInt)) return { k: 'number' };
    if (f & ts.TypeFlags.Boolean) return { k: 'boolean' };
    if (type.isUnion()) return this.union(type.types);
    if (type.isIntersection()) {
      // `string & Record<never, never>` (Stripe's OtherString) is a string.
      const prim = type.types.find((t) => t.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
      if (prim) return this.shape(prim);
    }
    if (c.isArrayType(type) || c.isTupleType(type)) {
      const args = c.getTypeArguments(type as ts.TypeReference);
      return { k: 'array', of: args.length === 1 ? this.shape(args[0]!) : this.union([...args]) };
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) return this.object(type);
    return { k: 'any' };
  }

  private union(types: readonly ts.Type[]): Shape {
    // Several members of a numeric enum (discord-api-types' UserFlags, MessageFlags) are a bit
    // field: any combination, so any number. One member alone (`type: ComponentType.Button`) stays.
    const isEnumNumber = (t: ts.Type) => t.flags & ts.TypeFlags.EnumLiteral && t.isNumberLiteral();
    const enumMembers = types.filter(isEnumNumber);
    if (enumMembers.length > 1)
      types = [...types.filter((t) => !isEnumNumber(t)), this.checker.getNumberType()];
    const of: Shape[] = [];
    for (const t of types) {
      const s = this.shape(t);
      if (s.k === 'any') return s;
      if (!of.some((o) => JSON.stringify(o) === JSON.stringify(s))) of.push(s);
    }
    return of.length === 1 ? of[0]! : { k: 'union', of };
  }

  private object(type: ts.Type): Shape {
    const known = this.keys.get(type);
    if (known) return { k: 'ref', id: known };
    const id = `t${this.keys.size}`;
    this.keys.set(type, id);
    const def: ObjectDef = { name: this.checker.typeToString(type).slice(0, 120), props: {} };
    this.defs[id] = def;
    for (const prop of this.checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const t = this.checker.getTypeOfSymbol(prop);
      // Methods (an SDK class's functions) are not data.
      if (decl && (ts.isMethodSignature(decl) || ts.isMethodDeclaration(decl))) continue;
      if (t.getCallSignatures().length > 0 && !(t.flags & ts.TypeFlags.Union)) continue;
      const opt = (prop.flags & ts.SymbolFlags.Optional) !== 0;
      // An optional property may be absent; when present, `undefined` is not a JSON value.
      const present = t.isUnion() ? t.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined)) : [t];
      def.props[prop.name] = { t: opt ? this.union(present) : this.shape(t), opt };
    }
    const index = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
    if (index) def.index = this.shape(index.type);
    return { k: 'ref', id };
  }
}

/** A program over `rootFiles` plus, optionally, one in-memory file (`virtual`) importing them. */
export function createProgram(rootFiles: string[], virtual?: { fileName: string; text: string }): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options, true);
  if (virtual) {
    const getSourceFile = host.getSourceFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.getSourceFile = (name, lang, ...rest) =>
      name === virtual.fileName
        ? ts.createSourceFile(name, virtual.text, lang, true)
        : getSourceFile(name, lang, ...rest);
    host.fileExists = (name) => name === virtual.fileName || fileExists(name);
  }
  return ts.createProgram(virtual ? [...rootFiles, virtual.fileName] : rootFiles, options, host);
}
