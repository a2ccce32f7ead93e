import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import '../registrations/i18n.en';
import './i18n.en';

/**
 * issue 25 (audit 001 U6, U7): the approve dialog's counts say one or many, and SafeVendor's
 * dialog speaks of vendors, not volunteers or a registration type.
 */
describe('approve dialog wording', () => {
  it('says one registration, not "1 registrations"', () => {
    expect(i18n.t('registrations.approve.titleAll', { count: 1 })).toBe('Approve 1 pending registration');
    expect(i18n.t('registrations.approve.titleAll', { count: 3 })).toBe('Approve 3 pending registrations');
    expect(i18n.t('registrations.done.emailed', { count: 1 })).toBe('The approval e-mail was sent to 1 registration.');
    expect(i18n.t('registrations.done.approveMany', { count: 2 })).toBe('2 registrations approved.');
    expect(i18n.t('safeVendor.approve.titleAll', { count: 1 })).toBe('Approve 1 pending SafeVendor registration');
    expect(i18n.t('safeVendor.approve.emailed', { count: 1 })).toBe('The approval e-mail was sent to 1 vendor.');
  });

  it('speaks of the vendor and of no registration type in SafeVendor', () => {
    const sv = ['expDateHint', 'printOrEmail', 'approved', 'approveNone'].map((k) => i18n.t(`safeVendor.approve.${k}`));
    for (const text of sv) {
      expect(text).not.toMatch(/volunteer|registration type/i);
    }
    expect(i18n.t('safeVendor.approve.printOrEmail')).toBe('E-mail the approval to the vendor');
  });
});
