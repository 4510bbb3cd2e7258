import { API_PREFIX } from '@app/contracts/constants';
import { createArticleBody, updateArticleBody } from '@app/contracts/commerce-articles';
import { Button, Checkbox, FileButton, Group, Image, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { showError } from '../../lib/show-error';
import { ConfirmButton } from '../../ui/ConfirmDialog';
import { ResourceForm } from '../../ui/form/ResourceForm';
import { useZodForm } from '../../ui/form/use-zod-form';
import type { Article } from './commerce-api';
import { useCommerceT } from './commerce-i18n';

/** Six photos of 5 MB at most, PNG, JPEG or WebP: the server checks the bytes, this only saves a useless upload. */
const MAX_PHOTOS = 6;
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** Where a stored photo (`articles/{id}/photos/{media}`) is shown: a public API address. */
export const articlePhotoUrl = (path: string) => `${API_PREFIX}/${path}`;

interface ArticleValues {
  name: string;
  description: string;
  kind: 'good' | 'service';
  price: number;
  stock: number | null;
  active: boolean;
}

const valuesOf = (article: Article | null): ArticleValues => ({
  name: article?.name ?? '',
  description: article?.description ?? '',
  kind: article?.kind ?? 'good',
  price: article?.price ?? 0,
  stock: article?.stock ?? null,
  active: article?.active ?? true,
});

/**
 * The one article form, for a new article and for an existing one (then with its photos):
 * after a creation it stays open on the new article so photos can be added at once.
 */
export function ArticleForm({ article, onCreated }: { article: Article | null; onCreated: (article: Article) => void }) {
  const { t } = useCommerceT();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<Article | null>(article);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource'] });
  const { form, submitting, formError, onSubmit } = useZodForm<ArticleValues, Article>({
    schema: current ? updateArticleBody : createArticleBody,
    initialValues: valuesOf(article),
    submit: (values) => {
      const body = { ...values, description: values.description || undefined };
      return current ? api.post<Article>(`articles/${current.id}`, body) : api.post<Article>('articles', body);
    },
    onSuccess: (saved) => {
      void refresh();
      if (!current) onCreated(saved);
      setCurrent(saved);
    },
    successMessage: t('articles.saved'),
  });
  return (
    <Stack>
      <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('invoices.save')} data-testid="article-form">
        <TextInput label={t('articles.name')} required {...form.getInputProps('name')} />
        <SegmentedControl
          {...form.getInputProps('kind')}
          data={[
            { value: 'good', label: t('articles.good') },
            { value: 'service', label: t('articles.service') },
          ]}
        />
        <Textarea label={t('articles.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <NumberInput label={t('articles.price')} min={0} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('price')} onChange={(v) => form.setFieldValue('price', Number(v) || 0)} />
        <NumberInput
          label={t('articles.stock')}
          description={t('articles.unlimited')}
          min={0}
          allowDecimal={false}
          {...form.getInputProps('stock')}
          value={form.getValues().stock ?? ''}
          onChange={(v) => form.setFieldValue('stock', v === '' ? null : Number(v))}
        />
        <Checkbox label={t('articles.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
      </ResourceForm>
      {current ? <ArticlePhotos article={current} onChange={(updated) => { setCurrent(updated); void refresh(); }} /> : <Text size="sm" c="dimmed">{t('articles.photosAfterCreate')}</Text>}
    </Stack>
  );
}

/** The article's photos: added one file at a time, removed after a confirmation. */
function ArticlePhotos({ article, onChange }: { article: Article; onChange: (article: Article) => void }) {
  const { t } = useCommerceT();
  const [sending, setSending] = useState(false);
  const add = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) return showError(new Error(t('articles.photoTooLarge')));
    setSending(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onChange(await api.post<Article>(`articles/${article.id}/photos`, form));
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };
  const remove = async (path: string) => onChange(await api.delete<Article>(path));
  return (
    <Stack gap="xs" data-testid="article-photos">
      <Group justify="space-between">
        <Text fw={600}>{t('articles.photos')}</Text>
        <FileButton onChange={(file) => void add(file)} accept={PHOTO_ACCEPT} disabled={article.photos.length >= MAX_PHOTOS}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconPhotoPlus size={14} />} loading={sending} data-testid="article-photo-add">
              {t('articles.addPhoto')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('articles.photoRules')}
      </Text>
      <SimpleGrid cols={3}>
        {article.photos.map((path) => (
          <Stack key={path} gap={4}>
            <Image src={articlePhotoUrl(path)} alt={article.name} h={90} fit="cover" radius="sm" data-testid="article-photo" />
            <ConfirmButton size="compact-xs" confirm={{ message: t('articles.removePhotoConfirm') }} onConfirm={() => remove(path)}>
              {t('articles.removePhoto')}
            </ConfirmButton>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
