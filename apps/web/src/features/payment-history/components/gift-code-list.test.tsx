import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GiftCodeList } from './gift-code-list.tsx';
import { parseGiftList } from './parse-gift-list.ts';

const codes = [
  { code: 'AAAA-BBBB-CCCC-DDDD-EEEE', tier: 'Founders Plan', date: 1767225600, valid: false },
  { code: '1111-2222-3333-4444-5555', tier: 'Professional Plan', date: 1767139200, valid: true },
];

describe('gift code list', () => {
  it("splits 'code: date|code: date'", () => {
    expect(parseGiftList('AAAA: 2026-01-01|BBBB: 2025-12-31')).toEqual([
      { code: 'AAAA', date: '2026-01-01', text: 'AAAA: 2026-01-01' },
      { code: 'BBBB', date: '2025-12-31', text: 'BBBB: 2025-12-31' },
    ]);
    expect(parseGiftList('')).toEqual([]);
  });

  it("strikes through used codes with 'No longer valid' and leaves valid ones plain", () => {
    render(
      <GiftCodeList
        list={{ giftCodes: `${codes[0]!.code}: 2026-01-01|${codes[1]!.code}: 2025-12-31`, codes }}
      />,
    );
    const [used, unused] = screen.getAllByTestId('gift-code-entry');
    expect(used!.querySelector('s')).toHaveTextContent(codes[0]!.code);
    expect(within(used!).getByText('No longer valid')).toBeInTheDocument();
    expect(unused!.querySelector('s')).toBeNull();
    expect(within(unused!).queryByText('No longer valid')).toBeNull();
    expect(within(unused!).getByText(`${codes[1]!.code}: 2025-12-31`)).toBeInTheDocument();
  });

  it("shows the list as its text: entries separated by '|', each 'code: date'", () => {
    render(
      <GiftCodeList
        list={{ giftCodes: `${codes[1]!.code}: 2025-12-31|${codes[0]!.code}: 2026-01-01`, codes }}
      />,
    );
    expect(screen.getByTestId('gift-code-list').textContent).toBe(
      `${codes[1]!.code}: 2025-12-31|${codes[0]!.code}: 2026-01-01 No longer valid`,
    );
    expect(screen.getByText(`${codes[0]!.code}: 2026-01-01`).tagName).toBe('S');
  });
});
