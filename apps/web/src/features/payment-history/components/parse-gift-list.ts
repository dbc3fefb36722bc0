/**
 * Splits the 'code: date|code: date' text of get_gift_code_list into its entries: the code (to
 * look up whether it is still valid) and the entry's text as sent.
 */
export function parseGiftList(text: string): { code: string; date: string; text: string }[] {
  return text
    .split('|')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(':');
      return at < 0
        ? { code: entry, date: '', text: entry }
        : { code: entry.slice(0, at).trim(), date: entry.slice(at + 1).trim(), text: entry };
    });
}
