/**
 * The fuzz test's body changes (fuzz.plans.testkit.ts): what a plan does to a route's valid body
 * (a field set to a hostile value, a field deleted, raw text, another content type or encoding, an
 * oversized body) and the request body that results.
 */
import zlib from 'node:zlib';
import { json } from './fuzz.testkit';

/** A plan's change to the valid body of its route. */
export type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'set' | 'setNested'; field: number; value: unknown }
  | { kind: 'delete'; field: number }
  | { kind: 'unknownField'; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'contentType'; type: string }
  | { kind: 'encoding'; encoding: string; mode: 'plain' | 'truncated' | 'valid' | 'garbage' }
  | { kind: 'tooLarge' };

/** The body of a request after `b` (the plan's change to the valid body `base`), with a label; may change `headers`. */
export function applyBodyPlan(base: Record<string, unknown>, b: BodyPlan, headers: Record<string, string>): { body: string | Buffer; label: string } {
  const fields = Object.keys(base);
  let body: string | Buffer = json(base);
  let label: string = b.kind;
  switch (b.kind) {
    case 'valid':
      break;
    case 'set': {
      const field = fields.length ? fields[b.field % fields.length]! : 'anything';
      body = json({ ...base, [field]: b.value });
      label = `set ${field}`;
      break;
    }
    case 'setNested': {
      const objectField = fields.find((f) => typeof base[f] === 'object' && base[f] !== null);
      if (objectField) {
        const inner = base[objectField] as Record<string, unknown>;
        const innerFields = Object.keys(inner);
        const field = innerFields[b.field % Math.max(1, innerFields.length)] ?? 'x';
        body = json({ ...base, [objectField]: { ...inner, [field]: b.value } });
        label = `set ${objectField}.${field}`;
      } else {
        body = json({ ...base, [fields[b.field % Math.max(1, fields.length)] ?? 'x']: b.value });
      }
      break;
    }
    case 'delete': {
      const field = fields[b.field % Math.max(1, fields.length)];
      const copy = { ...base };
      if (field) delete copy[field];
      body = json(copy);
      label = `delete ${field}`;
      break;
    }
    case 'unknownField':
      body = json({ ...base, unexpected_field: b.value });
      break;
    case 'replace':
      body = json(b.value);
      break;
    case 'raw':
      body = b.text;
      break;
    case 'contentType':
      if (b.type) headers['content-type'] = b.type;
      else delete headers['content-type'];
      label = `content-type ${b.type}`;
      break;
    case 'encoding': {
      headers['content-encoding'] = b.encoding;
      const plain = Buffer.from(json(base));
      const compressed = b.encoding.startsWith('br') ? zlib.brotliCompressSync(plain) : b.encoding.startsWith('deflate') ? zlib.deflateSync(plain) : zlib.gzipSync(plain);
      body = b.mode === 'plain' ? plain : b.mode === 'truncated' ? compressed.subarray(0, Math.max(1, compressed.length - 7)) : b.mode === 'valid' ? compressed : Buffer.concat([compressed.subarray(0, 10), Buffer.from('garbage!!')]);
      label = `content-encoding ${b.encoding} ${b.mode}`;
      break;
    }
    case 'tooLarge':
      body = json({ ...base, padding: 'p'.repeat(300_000) });
      break;
  }
  return { body, label };
}
