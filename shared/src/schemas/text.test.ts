/**
 * The safe-text rule is used by EVERY text field of every request schema: each exported
 * `...Schema` object (responses excluded below) is walked, and each string field must refuse a NUL
 * character and a lone surrogate. Plain text fields answer MSG.textInvalid; formatted strings (uuid,
 * url, e-mail) may answer their own format message, but never accept the value.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index';
import { MSG } from '../messages';
import { isSafeText, safeText } from './text';

/** Exported schemas that describe responses, not requests. */
const RESPONSE_SCHEMAS = new Set(['publicUserSchema']);

type AnyDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; format?: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: AnyDef } })._zod.def;

/** Unwraps optional/nullable/default/pipe (input side) down to the schema that sees the raw value. */
function inner(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

/** Every string field of an object schema, with its path (nested objects included). */
function stringFields(schema: z.ZodType, prefix: string[] = []): { path: string[]; format?: string | undefined }[] {
  const def = defOf(inner(schema));
  if (def.type !== 'object' || !def.shape) return [];
  const out: { path: string[]; format?: string | undefined }[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const f = defOf(inner(field));
    if (f.type === 'string') out.push({ path: [...prefix, key], format: f.format });
    else if (f.type === 'object') out.push(...stringFields(field, [...prefix, key]));
  }
  return out;
}

const requestSchemas = (Object.entries(shared) as [string, unknown][]).filter(
  (e): e is [string, z.ZodType] => e[0].endsWith('Schema') && !RESPONSE_SCHEMAS.has(e[0]) && e[1] instanceof z.ZodType,
);

const withValue = (path: string[], value: string): Record<string, unknown> => {
  const [head, ...rest] = path;
  return { [head!]: rest.length ? withValue(rest, value) : value };
};

describe('safe text rule', () => {
  it('isSafeText refuses NUL and lone surrogates and accepts paired ones (emoji)', () => {
    expect(isSafeText('plain text, ünïcode, 日本')).toBe(true);
    expect(isSafeText('emoji \ud83d\ude00')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00y', '\ude00\ud83d']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    expect(safeText().safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([MSG.textInvalid]);
  });

  it('finds the request schemas to check', () => {
    const names = requestSchemas.map(([n]) => n);
    expect(names).toEqual(expect.arrayContaining(['loginSchema', 'ticketCreateSchema', 'ticketPatchSchema', 'userCreateSchema', 'pushSubscriptionSchema']));
  });

  for (const [name, schema] of requestSchemas) {
    const fields = stringFields(schema);
    if (fields.length === 0) continue;
    it(`${name}: every text field refuses NUL and lone surrogates`, () => {
      for (const { path, format } of fields) {
        for (const bad of ['a\u0000b', 'ok \ud800 text that is long enough']) {
          const result = schema.safeParse(withValue(path, bad));
          const issues = (result.error?.issues ?? []).filter((i) => i.path.join('.') === path.join('.'));
          expect(issues.length, `${name}.${path.join('.')} accepted ${JSON.stringify(bad)}`).toBeGreaterThan(0);
          if (format === undefined) expect(issues.map((i) => i.message), `${name}.${path.join('.')}`).toEqual([MSG.textInvalid]);
        }
      }
    });
  }
});
