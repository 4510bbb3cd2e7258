import '../test/dom-shims';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n/i18n';
import { LabelValue, useLabelValue } from './LabelValue';

function Both() {
  const labelValue = useLabelValue();
  return (
    <>
      <p data-testid="element">
        <LabelValue label="Code">
          <b>ALP123</b>
        </LabelValue>
      </p>
      <p data-testid="text" title={labelValue('Code', 42)} />
    </>
  );
}

function show() {
  render(
    <I18nextProvider i18n={i18n}>
      <Both />
    </I18nextProvider>,
  );
  return { element: screen.getByTestId('element'), text: screen.getByTestId('text') };
}

beforeAll(() => initI18n());

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('fr'));
  localStorage.clear();
});

describe('a label and its value, with the punctuation of the reader’s language', () => {
  it('French: a space before the colon, the value kept as an element', () => {
    const { element, text } = show();
    expect(element.textContent).toBe('Code : ALP123');
    expect(element.querySelector('b')?.textContent).toBe('ALP123');
    expect(text.getAttribute('title')).toBe('Code : 42');
  });

  it.each([
    ['en', 'Code: ALP123', 'Code: 42'],
    ['de', 'Code: ALP123', 'Code: 42'],
    ['es-MX', 'Code: ALP123', 'Code: 42'],
    ['zh-CN', 'Code：ALP123', 'Code：42'],
  ] as const)('%s: its own colon, no space before it', async (language, shown, named) => {
    await act(() => changeLanguage(language));
    const { element, text } = show();
    expect(element.textContent).toBe(shown);
    expect(text.getAttribute('title')).toBe(named);
  });
});
