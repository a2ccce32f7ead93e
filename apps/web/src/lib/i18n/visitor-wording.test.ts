import { describe, expect, it } from 'vitest';
import { addCatalogue, applyDistrictWording, i18n } from './index';

/** Issue 29 §1: a district's wording replaces the product's text, and goes back when the district removes it. */
describe("a district's wording over the product's text", () => {
  it('applies, survives a catalogue loaded later, and restores the product text when removed', () => {
    addCatalogue('vi', { wordingProbe: { welcome: 'Chào mừng', next: 'Tiếp theo' } });
    const t = i18n.getFixedT('vi');
    applyDistrictWording('vi', { 'wordingProbe.welcome': 'Chào mừng đến North High', 'wordingProbe.unknown': 'x' });
    expect(t('wordingProbe.welcome')).toBe('Chào mừng đến North High');
    expect(t('wordingProbe.next')).toBe('Tiếp theo');
    // a key the catalogues do not have adds nothing
    expect(i18n.getResource('vi', 'translation', 'wordingProbe.unknown')).toBeUndefined();

    // the catalogue arrives again (a lazily loaded screen re-adding its strings): the district's stays
    addCatalogue('vi', { wordingProbe: { welcome: 'Chào mừng', next: 'Tiếp theo' } });
    expect(t('wordingProbe.welcome')).toBe('Chào mừng đến North High');

    // wording of a screen whose strings load later applies when they arrive
    applyDistrictWording('vi', { 'wordingProbe.next': 'Tiếp tục', 'laterProbe.title': 'Của học khu' });
    addCatalogue('vi', { laterProbe: { title: 'Của sản phẩm' } });
    expect(t('laterProbe.title')).toBe('Của học khu');
    expect(t('wordingProbe.welcome')).toBe('Chào mừng');
    expect(t('wordingProbe.next')).toBe('Tiếp tục');
    applyDistrictWording('vi', {});
    expect(t('wordingProbe.next')).toBe('Tiếp theo');
  });
});
