import { describe, expect, it } from 'vitest';
import { en } from './en';
import { intlLocale, preferredLanguage } from './languages';
import { interpolate } from './translate';
import { zhCN } from './zh-CN';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogues', () => {
  it('give every Chinese message the same placeholders as the English one', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(zhCN[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });

  it('translate every message (nothing left in English but names and formats)', () => {
    const sameAllowed = new Set(['app.name', 'export.csv', 'export.json', 'form.equalsUsd']);
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      if (!sameAllowed.has(key)) expect(zhCN[key], key).not.toBe(en[key]);
    }
  });

  it('fill placeholders and leave unknown ones visible', () => {
    expect(interpolate(en['notify.created'], { name: 'Prod' })).toBe('Token “Prod” created');
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
