/**
 * Prompt weighting, as the image commands read it:
 *
 * - `(word)` adds 25 points of strength: 1.25. Each further pair of parentheses adds another 25
 *   points, so `((word))` is 1.5 and `(((word)))` is 1.75. The additive rule is the one the guides
 *   promise ("+25%", "+50%").
 * - `(word:0.6)` sets the weight exactly: 0.6, whatever surrounds it. Parentheses inside such a
 *   group add 25 points to that number: `(a (b):0.6)` gives a 0.6 and b 0.85.
 * - Everything outside parentheses has weight 1.
 *
 * Malformed input never throws: a parenthesis without a partner is read as plain text, a weight
 * that is not a non-negative decimal number (`(word:abc)`, `(word:-1)`, `(word:)`) is left as text and
 * the group counts as plain parentheses, and empty groups add nothing. `\(` and `\)` are literal
 * parentheses.
 */

export interface WeightedSegment {
  text: string;
  weight: number;
}

export const PLAIN_GROUP_BOOST = 0.25;

const WEIGHT_SUFFIX = /:\s*(\d+(?:\.\d+)?|\.\d+)\s*$/;

type Token = { kind: 'text'; text: string } | { kind: 'open'; close: number } | { kind: 'close' };

/** Splits the prompt into text and matched parentheses; unmatched ones become text. */
function tokenize(prompt: string): Token[] {
  const tokens: Token[] = [];
  const openStack: number[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let index = 0; index < prompt.length; index++) {
    const char = prompt[index]!;
    const next = prompt[index + 1];
    if (char === '\\' && (next === '(' || next === ')')) {
      text += next;
      index++;
    } else if (char === '(') {
      flush();
      openStack.push(tokens.length);
      tokens.push({ kind: 'open', close: -1 });
    } else if (char === ')' && openStack.length > 0) {
      flush();
      const open = tokens[openStack.pop()!] as { kind: 'open'; close: number };
      open.close = tokens.length;
      tokens.push({ kind: 'close' });
    } else {
      text += char;
    }
  }
  flush();
  // Opening parentheses that never closed are plain text.
  return tokens.map((token) =>
    token.kind === 'open' && token.close < 0 ? { kind: 'text', text: '(' } : token,
  );
}

function round(weight: number): number {
  return Math.round(weight * 1000) / 1000;
}

/** Emits the segments of tokens[from, to) at the given weight. */
function walk(tokens: Token[], from: number, to: number, weight: number, out: WeightedSegment[]): void {
  let index = from;
  while (index < to) {
    const token = tokens[index]!;
    if (token.kind === 'text') {
      push(out, token.text, weight);
      index++;
    } else if (token.kind === 'open') {
      walkGroup(tokens, index + 1, token.close, weight, out);
      index = token.close + 1;
    } else {
      index++;
    }
  }
}

/** A group: its own weight is explicit when its last text ends in `:number`, else parent + 0.25. */
function walkGroup(tokens: Token[], from: number, to: number, parent: number, out: WeightedSegment[]): void {
  const last = to - 1 >= from ? tokens[to - 1] : undefined;
  const match = last?.kind === 'text' ? WEIGHT_SUFFIX.exec(last.text) : null;
  if (last?.kind === 'text' && match) {
    const explicit = Number(match[1]);
    const rest = last.text.slice(0, match.index);
    const inner: Token[] = [...tokens.slice(0, to - 1), { kind: 'text', text: rest }, ...tokens.slice(to)];
    walk(inner, from, to, round(explicit), out);
    return;
  }
  walk(tokens, from, to, round(parent + PLAIN_GROUP_BOOST), out);
}

function push(out: WeightedSegment[], text: string, weight: number): void {
  if (!text) return;
  const previous = out.at(-1);
  if (previous && previous.weight === weight) previous.text += text;
  else out.push({ text, weight });
}

/**
 * The prompt as segments of text with their weights, in order. Adjacent text of equal weight is
 * merged; the syntax itself (parentheses, `:number`) is removed.
 */
export function parsePromptWeights(prompt: string): WeightedSegment[] {
  const out: WeightedSegment[] = [];
  if (typeof prompt !== 'string' || prompt.length === 0) return out;
  const tokens = tokenize(prompt);
  walk(tokens, 0, tokens.length, 1, out);
  return out;
}
