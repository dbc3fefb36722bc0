import { describe, expect, it } from 'vitest';
import { checkRecords, formatReport, type Recorded } from '../src/index.ts';

const customer = (fields: Record<string, unknown> = {}) => ({
  id: 'cus_1',
  object: 'customer',
  balance: 0,
  created: 1,
  default_source: null,
  description: null,
  email: null,
  invoice_settings: {
    custom_fields: null,
    default_payment_method: null,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: {},
  shipping: null,
  ...fields,
});

describe('the report of a run', () => {
  it('counts objects per type, lists each distinct failure once, and reads lists item by item', () => {
    const { created: _created, ...withoutCreated } = customer();
    const records: Recorded[] = [
      { source: 'stripe', kind: 'response', route: 'POST /v1/customers', body: customer() },
      { source: 'stripe', kind: 'response', route: 'POST /v1/customers', body: withoutCreated },
      {
        source: 'stripe',
        kind: 'response',
        route: 'GET /v1/customers',
        body: { object: 'list', data: [withoutCreated], has_more: false, url: '/v1/customers' },
      },
      { source: 'discord', kind: 'response', route: 'DELETE channels/messages/id', body: {} },
    ];
    const report = checkRecords(records);
    expect(report.counts).toEqual({ 'stripe customer': 3, 'stripe list': 1 });
    expect(report.failures).toEqual([
      {
        type: 'stripe customer',
        failure: { path: 'created', message: 'required by Customer, missing' },
        times: 2,
        where: 'POST /v1/customers',
      },
    ]);
    const text = formatReport(report);
    expect(text).toContain('4  in all; 1 distinct failures');
    expect(text).toContain(
      '✗ stripe customer created: required by Customer, missing (2×, e.g. POST /v1/customers)',
    );
  });
});
