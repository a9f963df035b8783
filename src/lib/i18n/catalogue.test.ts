import { describe, expect, it } from 'vitest';
import { everyText, TEXT_PAIRS } from './every-text';
import { intlLocale, preferredLanguage } from './languages';
import { interpolate } from './translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogues', () => {
  it('hold the same keys in Chinese as in English, the catalogue and each part’s texts', () => {
    for (const [english, chinese] of TEXT_PAIRS) {
      expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    }
  });

  it('give every Chinese message the same placeholders as the English one', () => {
    for (const [english, chinese] of TEXT_PAIRS) {
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(chinese[key]!), key).toEqual(placeholders(text));
      }
    }
  });

  it('translate every message (nothing left in English but names and formats)', () => {
    const sameAllowed = new Set(['app.name', 'export.csv', 'export.json', 'form.equalsUsd']);
    for (const [english, chinese] of TEXT_PAIRS) {
      for (const key of Object.keys(english)) {
        if (!sameAllowed.has(key)) expect(chinese[key], key).not.toBe(english[key]);
      }
    }
  });

  it('keep each key in one place only', () => {
    const keys = TEXT_PAIRS.flatMap(([english]) => Object.keys(english));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('fill placeholders and leave unknown ones visible', () => {
    expect(interpolate(everyText.en['notify.created'], { name: 'Prod' })).toBe(
      'Token “Prod” created',
    );
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('follow the browser’s language', () => {
    expect(preferredLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(preferredLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(preferredLanguage(['fr'])).toBe('en');
  });

  it('write numbers and dates as the browser does where it speaks the interface’s language', () => {
    expect(intlLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(intlLocale('en', ['de-DE', 'en-AU'])).toBe('en-AU');
    expect(intlLocale('en', ['fr'])).toBe('en-US');
    expect(intlLocale('zh-CN', ['en-GB'])).toBe('zh-CN');
    expect(intlLocale('zh-CN', ['zh-CN', 'en'])).toBe('zh-CN');
  });
});
