import { successScreenDelayMs } from '@sv/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import '../visitor-flow/i18n.en';
import './i18n.en';

/**
 * issue 10 §8: the setting's hint said "0 returns at once" while 0 kept the success screen up.
 * The rule (spec 002 §9: the delay applies when above 0) stays; the hint now says what it does.
 */
describe('success screen delay: the hint agrees with the rule', () => {
  const hint = i18n.t('clients.settings.successScreenDelayHint');

  it('0 means no automatic return, and the hint says the screen stays until Done', () => {
    expect(successScreenDelayMs(0)).toBeNull();
    expect(hint).toContain('0 keeps them up');
    expect(hint).toContain(i18n.t('visitorFlow.done'));
    expect(hint).not.toMatch(/at once|immediately/i);
  });

  it('a positive value returns after that many seconds, as the hint says', () => {
    expect(successScreenDelayMs(5)).toBe(5000);
    expect(hint).toMatch(/^Seconds the checked-in and checked-out screens stay up before returning to the dashboard/);
  });
});
