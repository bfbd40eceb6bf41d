/**
 * Markup built in code, for the few fragments a page repeats dozens of times (a list's news cards). Astro renders
 * every expression of a component through its runtime — a type check, an escape, a write into its buffer, a result
 * object for each nested template — which made an uncached home page's twenty cards about a fifth of its CPU
 * (bench/where-time-goes.md); one string per card costs a fraction of that. Safe by default: every value is escaped
 * (`escapeHtml`, the one escape) unless it is already `Html` (see `markup`); false, null, undefined and '' render nothing, as in a
 * template; an array renders each of its items. Insert the result with `set:html` on its element.
 */
import { escapeHtml } from './escapeHtml.ts';

/** Markup that is already safe: built by `markup` or `attr`, never from a caller's string. */
export class Html {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

export type HtmlPart = Html | string | number | false | null | undefined | readonly HtmlPart[];

function render(part: HtmlPart): string {
  if (part === false || part === null || part === undefined) return '';
  if (typeof part === 'string') return escapeHtml(part);
  if (typeof part === 'number') return String(part);
  if (part instanceof Html) return part.toString();
  let out = '';
  for (const p of part) out += render(p);
  return out;
}

/**
 * A tagged template: the literal parts as written, every value escaped unless it is `Html`. (Not named `html`:
 * prettier would reformat such a template as HTML, adding whitespace to the markup.)
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** ` name="value"` with the value escaped, ` name` for '', or nothing when the value is undefined, null or false. */
export function attr(name: string, value: string | number | null | undefined | false): Html {
  if (value === undefined || value === null || value === false) return new Html('');
  return new Html(value === '' ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`);
}
