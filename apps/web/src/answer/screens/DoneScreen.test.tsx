import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { es } from '../locales/es';
import { esMX } from '../locales/es-mx';
import { zhCN } from '../locales/zh-cn';
import { fr, type PageMessages, replaceMessages } from '../messages';
import { demoDefinition } from '../test/answer-fixtures';
import { DoneScreen } from './DoneScreen';

afterEach(() => {
  cleanup();
  replaceMessages(fr);
});

describe('the reference of a sent answer, written the way each language writes it', () => {
  it.each([
    ['fr', fr, 'Référence : N° 12'],
    ['en', en, 'Reference: No. 12'],
    ['de', de, 'Referenz: Nr. 12'],
    ['es', es, 'Referencia: n.º 12'],
    ['es-MX', esMX, 'Referencia: núm. 12'],
    ['zh-CN', zhCN, '编号：12'],
  ] as Array<[string, PageMessages, string]>)('%s', (_language, messages, shown) => {
    replaceMessages(messages);
    render(<DoneScreen definition={demoDefinition()} state={{ kind: 'sent', reference: 12 }} retry={() => undefined} />);
    expect(screen.getByTestId('answer-reference').textContent).toBe(shown);
  });
});
