import type { GiftCodeListResult } from '@app/domain';
import { parseGiftList } from './parse-gift-list.ts';
import './payment-history.css';

/** The gift codes bought: used ones struck through with 'No longer valid'. */
export function GiftCodeList({ list }: { list: GiftCodeListResult }) {
  const entries = parseGiftList(list.giftCodes);
  if (entries.length === 0) return <p className="muted">You have not bought any gift codes.</p>;
  const valid = new Map(list.codes.map((code) => [code.code, code]));
  return (
    <ul className="gift-list" aria-label="Gift codes">
      {entries.map(({ code, date }) => {
        const info = valid.get(code);
        const usable = info?.valid ?? false;
        return (
          <li key={code} data-testid="gift-code-entry">
            {usable ? <span className="gift-code">{code}</span> : <s className="gift-code">{code}</s>}
            <span className="muted">
              {info?.tier ? `${info.tier} · ` : ''}bought {date}
            </span>
            {!usable && <span className="gift-invalid">No longer valid</span>}
          </li>
        );
      })}
    </ul>
  );
}
