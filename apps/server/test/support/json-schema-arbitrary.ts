import fc from "fast-check";

/**
 * fast-check arbitraries for the JSON schemas zod writes (z.toJSONSchema, draft 2020-12): values
 * that fit a route's request schema, and the same values broken in one place. Only what zod emits
 * is understood; an unknown shape falls back to any JSON value, which is still a fair input.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
}

/** Long enough to cross every length rule, short enough to keep a run quick. */
const LONGEST_STRING = 40;
const LONGEST_ARRAY = 4;
const DEEPEST = 6;

const jsonLeaf = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 10 }));

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "date":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "time":
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? LONGEST_STRING, LONGEST_STRING)) });
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : 0.01;
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : 1_000_000);
  return { min: Math.max(min, -Number.MAX_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

/** Values that fit `schema`; `root` resolves its `$ref`s. */
export function arbitraryFor(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > DEEPEST) return jsonLeaf;
  const next = (inner: JsonSchema) => arbitraryFor(inner, root, depth + 1);
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, "");
    const target = schema.$ref === "#" ? root : root.$defs?.[name];
    return target ? next(target) : jsonLeaf;
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map(next));
  if (schema.allOf?.length) return next(Object.assign({}, ...schema.allOf));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema);
    case "integer": {
      const { min, max } = numberBounds(schema, true);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case "number": {
      const { min, max } = numberBounds(schema, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(next));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? LONGEST_ARRAY, LONGEST_ARRAY));
      return fc.array(schema.items ? next(schema.items) : jsonLeaf, { minLength, maxLength });
    }
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, next(inner)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** What a careless or hostile client puts where a value belongs. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    "",
    "\u0000",
    "a\u0000b",
    "../../etc/passwd",
    "x".repeat(20_000),
    -1,
    0,
    1.5,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    true,
    [],
    {},
    "NaN",
    "1e999",
    "2024-02-30",
    "ΑΒΓ😀\u202e",
  ),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.double(),
  fc.letrec<{ nested: unknown }>((tie) => ({
    nested: fc.oneof(
      { depthSize: "small" },
      jsonLeaf,
      fc.array(tie("nested"), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), tie("nested"), { maxKeys: 3 }),
    ),
  })).nested,
);

type Path = (string | number)[];

/** Every place in a JSON value: the value itself, and each member and element below it. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))];
  if (value && typeof value === "object")
    return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return [at];
}

function changedAt(value: unknown, path: Path, change: { drop: true } | { drop: false; to: unknown }): unknown {
  if (path.length === 0) return change.drop ? undefined : change.to;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && change.drop) copy.splice(Number(head), 1);
    else copy[Number(head)] = changedAt(copy[Number(head)], rest, change);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && change.drop) delete copy[head];
  else copy[head] = changedAt(copy[head], rest, change);
  return copy;
}

/** A valid value broken in one place: a member or element dropped, or replaced by junk. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) => {
    const paths = pathsOf(value);
    return fc
      .record({ index: fc.nat({ max: paths.length - 1 }), drop: fc.boolean(), junk: junkValue })
      .map(({ index, drop, junk }) => changedAt(value, paths[index], drop ? { drop: true } : { drop: false, to: junk }));
  });
}
