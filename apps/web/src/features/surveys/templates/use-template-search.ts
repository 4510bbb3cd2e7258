import { PAGE_SIZE_TEMPLATES } from '@app/contracts/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { pageCount } from '../../collection/participations/participations-query';
import { useTemplates } from '../survey-queries';
import { templateListQuery, useTemplateCategoryIds } from './template-query';

/**
 * The state of a template list (the templates page and "Partir d'un modèle"): the search
 * text (debounced), the category filter and the page; a new text or category goes back to
 * the first page.
 */
export function useTemplateSearch() {
  const [text, setTextValue] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 350);
  const [category, setCategoryValue] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const categoryIds = useTemplateCategoryIds(category);
  const query = useMemo(() => templateListQuery(page, debounced, categoryIds), [page, debounced, categoryIds]);
  const templates = useTemplates(query);
  return {
    text,
    setText(value: string) {
      setTextValue(value);
      setPage(0);
    },
    category,
    setCategory(id: number | null) {
      setCategoryValue(id);
      setPage(0);
    },
    page,
    setPage,
    templates,
    rows: templates.data?.data ?? [],
    pages: pageCount(templates.data?.meta?.total, PAGE_SIZE_TEMPLATES, page, templates.data?.meta?.has_more ?? false),
  };
}
