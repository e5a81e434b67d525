/**
 * The provider-owned field list (shared/domain/bills/provider-fields.ts) is
 * the one list a bill refresh copies: providerFields takes exactly those
 * fields of a bill, and every listed field is a field of the Bill record.
 */
import { describe, expect, it } from 'vitest';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import { OPTIONAL_PROVIDER_FIELDS, PROVIDER_FIELDS, providerFields } from '#shared/domain/bills/provider-fields.ts';
import { makeBill } from '#test/support/personal-seed.ts';

describe('provider fields', () => {
  it('are fields of the Bill record, listed once', () => {
    const shape = Object.keys(Bill().shape);
    const all = [...PROVIDER_FIELDS, ...OPTIONAL_PROVIDER_FIELDS];
    expect(all.filter((f) => !shape.includes(f))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('copies exactly the provider-owned fields of a bill, with their values', () => {
    const bill = { ...makeBill(119, 'hr', 7, { short_title: 'Safe Taps Act', policy_area: 'Environmental Protection' }), sponsor_id: 'P000197' };
    const copied = providerFields(bill);
    expect(Object.keys(copied).sort()).toEqual([...PROVIDER_FIELDS].sort());
    expect(copied).toMatchObject({ title: bill.title, short_title: 'Safe Taps Act', policy_area: 'Environmental Protection', provenance: bill.provenance });
    expect(copied).not.toHaveProperty('sponsor_id');
    expect(copied).not.toHaveProperty('status');
  });
});
