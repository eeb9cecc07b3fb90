// The `misstatedTotal` fault's answer: the real report with its first total off by 1.00, so it no
// longer is the sum of its items (a statement's first line that has items: the balance sheet's
// assets, which then also differ from liabilities + equity, or the profit and loss's income; an aged
// report's first bucket, against its details). How a client's check of the totals is seen to work
// against the emulator; an answer with no such total (not a report) is left as it was.
import type { Written } from '../http';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first object, depth first, that holds a total over a non-empty list; its total's key. */
function firstTotal(value: unknown): [Json, string] | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstTotal(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (typeof value.value === 'number' && Array.isArray(value.items) && value.items.length > 0) return [value, 'value'];
  if (typeof value.amount === 'number' && Array.isArray(value.details) && value.details.length > 0)
    return [value, 'amount'];
  for (const child of Object.values(value)) {
    const found = firstTotal(child);
    if (found) return found;
  }
  return undefined;
}

export function misstated(w: Written): Written {
  if (w.stream || w.status !== 200) return w;
  let body: unknown;
  try {
    body = JSON.parse(w.body.toString('utf8'));
  } catch {
    return w;
  }
  const found = firstTotal(body);
  if (!found) return w;
  const [line, key] = found;
  line[key] = Math.round(((line[key] as number) + 1) * 100) / 100;
  return { ...w, body: Buffer.from(JSON.stringify(body), 'utf8') };
}
