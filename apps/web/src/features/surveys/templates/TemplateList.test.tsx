import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSurvey } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { TemplateList } from './TemplateList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the templates list', { timeout: 30_000 }, () => {
  it('asks for 10 templates a page, starting from page 0 (section 9)', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const rows = Array.from({ length: 10 }, (_, i) => makeSurvey({ id: i + 1, title: `Modèle ${i + 1}`, type: 'form' }));
    const api = fakeApi({ 'GET surveys/type/template': () => ({ body: { data: rows, meta: { total: 25, has_more: true } } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<TemplateList sid={TEST_SID} />, `/${TEST_SID}/business/view/templates`);
    expect(await screen.findAllByTestId('template-card')).toHaveLength(10);
    const call = api.calls.find((c) => c.path === 'surveys/type/template');
    expect(call?.url.searchParams.get('limit')).toBe('10');
    expect(call?.url.searchParams.get('page')).toBe('0');
  });
});
