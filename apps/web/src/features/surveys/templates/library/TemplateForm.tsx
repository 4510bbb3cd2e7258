import { SURVEY_TARGET_KINDS, SURVEY_TYPES, type SurveyTargetKind, type SurveyType } from '@app/contracts/surveys';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toFormErrors } from '../../../../lib/form-errors';
import { isApiError } from '../../../../lib/http-error';
import { showError } from '../../../../lib/show-error';
import { useTplLibT } from './library-i18n';
import { type LibraryTemplate, type TemplateInput, useTemplateCategories } from './library.api';

interface TemplateFormProps {
  template?: LibraryTemplate;
  submitLabel: string;
  onSubmit: (input: TemplateInput) => Promise<unknown>;
}

/** A platform template's details: title, description, category, the types it serves, premium. */
export function TemplateForm({ template, submitLabel, onSubmit }: TemplateFormProps) {
  const t = useTplLibT();
  const categories = useTemplateCategories();
  const [title, setTitle] = useState(template?.title ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [categoryId, setCategoryId] = useState<string | null>(template?.category_id != null ? String(template.category_id) : null);
  const [type, setType] = useState<SurveyType>(template?.type ?? 'form');
  const [types, setTypes] = useState<SurveyType[]>(template?.survey_types?.length ? template.survey_types : [template?.type ?? 'form']);
  const [target, setTarget] = useState<SurveyTargetKind | null>(template?.target_kind ?? null);
  const [premium, setPremium] = useState(template?.premium ?? false);
  const [price, setPrice] = useState<number | string>(template?.price ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim().length < 2) found.title = t('form.titleRequired');
    if (types.length === 0) found.survey_types = t('form.typesRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      await onSubmit({
        title: title.trim(),
        description: description.trim() || null,
        category_id: categoryId ? Number(categoryId) : null,
        type,
        target_kind: type === 'evaluation' ? target : null,
        survey_types: types.includes(type) ? types : [type, ...types],
        premium,
        price: price === '' ? null : Number(price),
      });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length) setErrors(toFormErrors(error.fieldErrors));
      else showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="template-form">
      <Stack maw={640}>
        <TextInput label={t('form.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} required maxLength={200} data-autofocus />
        <Textarea
          label={t('form.description')}
          description={t('form.descriptionHelp')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={2}
          maxLength={5000}
        />
        <Select
          label={t('form.category')}
          placeholder={t('form.noCategory')}
          data={(categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId}
          onChange={setCategoryId}
          error={errors.category_id}
          clearable
          searchable
        />
        <Select
          label={t('form.type')}
          data={SURVEY_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          value={type}
          onChange={(value) => value && setType(value as SurveyType)}
          error={errors.type}
          allowDeselect={false}
        />
        {type === 'evaluation' ? (
          <Select
            label={t('form.target')}
            data={SURVEY_TARGET_KINDS.map((value) => ({ value, label: t(`target.${value}`) }))}
            value={target}
            onChange={(value) => setTarget(value as SurveyTargetKind | null)}
            error={errors.target_kind}
            required
          />
        ) : null}
        <MultiSelect
          label={t('form.types')}
          description={t('form.typesHelp')}
          data={SURVEY_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          value={types}
          onChange={(values) => setTypes(values as SurveyType[])}
          error={errors.survey_types}
          data-testid="template-types"
        />
        <Switch label={t('form.premium')} description={t('form.premiumHelp')} checked={premium} onChange={(e) => setPremium(e.currentTarget.checked)} />
        <NumberInput label={t('form.price')} value={price} onChange={setPrice} min={0} step={500} error={errors.price} thousandSeparator=" " />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} data-testid="template-form-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

