import type { GiftCodeListResult } from '@app/domain';
import { Fragment } from 'react';
import { parseGiftList } from './parse-gift-list.ts';
import './payment-history.css';

/**
 * The gift codes bought, as the server's text: entries separated by '|', each 'code: date', kept
 * as sent. Used codes are struck through and marked 'No longer valid'.
 */
export function GiftCodeList({ list }: { list: GiftCodeListResult }) {
  const entries = parseGiftList(list.giftCodes);
  if (entries.length === 0) return <p className="muted">You have not bought any gift codes.</p>;
  const known = new Map(list.codes.map((code) => [code.code, code]));
  return (
    <p className="gift-list" data-testid="gift-code-list">
      {entries.map(({ code, text }, index) => {
        const usable = known.get(code)?.valid ?? false;
        return (
          <Fragment key={code}>
            {index > 0 && <span className="gift-separator">|</span>}
            <span className="gift-entry" data-testid="gift-code-entry">
              {usable ? <span className="gift-code">{text}</span> : <s className="gift-code">{text}</s>}
              {!usable && <span className="gift-invalid"> No longer valid</span>}
            </span>
          </Fragment>
        );
      })}
    </p>
  );
}
