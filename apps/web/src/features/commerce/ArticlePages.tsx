import { Button, Card, Drawer, Group, Image, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canDo } from '@app/contracts/permissions';
import { api } from '../../lib/api-client';
import { useAccount } from '../../lib/session/use-session';
import { showError } from '../../lib/show-error';
import { useCacheScope } from '../../lib/resource/use-resource';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage, ResourceList } from '../../ui/list/ListPage';
import type { ListColumn } from '../../ui/list/list.types';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { type Article, articlesResource, type Booking, commerceApi, companyBookingsResource, myBookingsResource } from './commerce-api';
import { ArticleForm, articlePhotoUrl } from './ArticleForm';
import { useCommerceT } from './commerce-i18n';
import { PayPanel } from './PayPanel';
import { useCategoryTree } from '../reference/catalogue-api';
import { categoryFilterOptions, categoryNameIn } from '../reference/categories/category-filter-options';


/** The columns of a booking list, the company's and the customer's alike. */
function bookingColumns(t: ReturnType<typeof useCommerceT>['t']): ListColumn<Booking>[] {
  return [
    { id: 'date', header: t('booking.date'), cell: (b) => formatDate(b.created_at), primary: true },
    { id: 'article', header: t('bookings.article'), cell: (b) => b.article?.name ?? b.article_id },
    { id: 'qty', header: t('bookings.quantity'), cell: (b) => b.quantity, align: 'right' },
    { id: 'amount', header: t('bookings.amount'), cell: (b) => formatMoney(b.amount, b.currency), align: 'right' },
    { id: 'status', header: t('invoices.status'), cell: (b) => (b.paid_at ? t('bookings.paid') : <StatusBadge status={b.status} labels={{ pending: t('status.pending'), confirmed: t('status.confirmed'), cancelled: t('status.cancelled') }} />) },
  ];
}

/** /{sid}/business/articles: the company's goods and services, and the bookings it received. */
export function ArticleListPage() {
  const { t } = useCommerceT();
  // Buttons and lists follow what the server lets this agent do (the route asks articles.list).
  const permissions = useAccount()?.permissions ?? {};
  const canCreate = canDo(permissions, 'articles', 'create');
  const canEdit = canDo(permissions, 'articles', 'update');
  const seesBookings = canDo(permissions, 'bookings', 'list');
  // null: closed; 'new': creating; an article: editing it.
  const [editing, setEditing] = useState<Article | 'new' | null>(null);
  const queryClient = useQueryClient();
  const act = (id: number, action: 'confirm' | 'cancel') =>
    api.post(`bookings/${id}/${action}`).then(() => queryClient.invalidateQueries({ queryKey: ['resource'] }));
  // The platform's article category tree: a column, and a filter that also finds what is filed under a category's children.
  const tree = useCategoryTree('article', true);
  const categoryOptions = categoryFilterOptions(tree.data ?? []);
  const categoryName = (id: number | null | undefined) => categoryNameIn(tree.data ?? [], id) ?? t('articles.noCategory');
  return (
    <Stack>
      <ListPage
        title={t('articles.title')}
        resource={articlesResource}
        testId="article"
        filters={[{ key: 'category_id', label: t('articles.category'), options: categoryOptions, operator: 'in' }]}
        searchable
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="article-create">
              {t('articles.create')}
            </Button>
          ) : undefined
        }
        columns={[
          { id: 'name', header: t('articles.name'), cell: (a) => a.name, sortKey: 'name', primary: true },
          { id: 'kind', header: t('articles.kind'), cell: (a) => t(`articles.${a.kind}`) },
          { id: 'category', header: t('articles.category'), cell: (a) => categoryName(a.category_id), hideOnCard: true },
          { id: 'price', header: t('articles.price'), cell: (a) => formatMoney(a.price, a.currency), sortKey: 'price', align: 'right' },
          { id: 'stock', header: t('articles.stock'), cell: (a) => (a.stock === null ? t('articles.unlimited') : a.stock), sortKey: 'stock', align: 'right' },
          { id: 'photos', header: t('articles.photos'), cell: (a) => a.photos.length, hideOnCard: true, align: 'right' },
          { id: 'active', header: t('invoices.status'), cell: (a) => <StatusBadge status={a.active ? 'available' : 'unavailable'} /> },
        ]}
        rowActions={canEdit ? [{ label: t('articles.edit'), onClick: (a) => setEditing(a) }] : []}
      />
      {seesBookings ? (
        <>
          <Title order={2} size="h3">
            {t('bookings.title')}
          </Title>
          <ResourceList<Booking>
            resource={companyBookingsResource}
            testId="company-booking"
            query={{ includes: ['article'] } as never}
            columns={bookingColumns(t)}
            rowActions={[
              { label: t('bookings.confirm'), onClick: (b) => act(b.id, 'confirm'), hidden: (b) => b.status !== 'pending' || !canDo(permissions, 'bookings', 'confirm') },
              { label: t('bookings.cancel'), color: 'red', onClick: (b) => act(b.id, 'cancel'), hidden: (b) => b.status === 'cancelled' || !!b.paid_at || !canDo(permissions, 'bookings', 'cancel'), confirm: { message: t('booking.cancelConfirm') } },
            ]}
          />
        </>
      ) : null}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('articles.create') : t('articles.edit')} position="right">
        {editing !== null ? <ArticleForm key={editing === 'new' ? 'new' : editing.id} article={editing === 'new' ? null : editing} onCreated={setEditing} /> : null}
      </Drawer>
    </Stack>
  );
}

/** /{sid}/web/bookings: browse a company's articles by its code, book, pay, and see one's bookings. */
export function CustomerBookingsPage() {
  const { t } = useCommerceT();
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [paying, setPaying] = useState<Booking | null>(null);
  const catalogue = useQuery({ queryKey: ['articles', scope, 'company', asked], queryFn: () => commerceApi.companyArticles(asked), enabled: asked !== '' });
  const book = async (article: Article) => {
    try {
      const booking = await commerceApi.book({ article_id: article.id, quantity: quantities[article.id] ?? 1 });
      await queryClient.invalidateQueries({ queryKey: ['articles'] });
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      setPaying(booking);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Stack>
      <PageHeader title={t('bookings.title')} />
      <Group align="flex-end">
        <TextInput label={t('bookings.companyCode')} value={code} onChange={(e) => setCode(e.currentTarget.value.toUpperCase())} data-testid="booking-company-code" />
        <Button onClick={() => setAsked(code.trim())} disabled={!code.trim()} data-testid="booking-browse">
          {t('bookings.browse')}
        </Button>
      </Group>
      {asked ? (
        <QueryState isPending={catalogue.isPending} error={catalogue.error}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {(catalogue.data?.data ?? []).map((article) => (
              <Card key={article.id} withBorder data-testid="booking-article">
                <Stack gap="xs">
                  {article.photos[0] ? <Image src={articlePhotoUrl(article.photos[0])} alt={article.name} h={140} fit="cover" radius="sm" /> : null}
                  <Text fw={700}>{article.name}</Text>
                  {article.description ? <Text size="sm" c="dimmed">{article.description}</Text> : null}
                  <Text>{formatMoney(article.price, article.currency)}</Text>
                  <Text size="sm" data-testid="booking-stock">{article.stock === null ? '' : article.stock > 0 ? t('bookings.left', { count: article.stock }) : t('bookings.soldOut')}</Text>
                  <Group align="flex-end">
                    <NumberInput w={90} label={t('bookings.quantity')} min={1} value={quantities[article.id] ?? 1} onChange={(v) => setQuantities({ ...quantities, [article.id]: Number(v) || 1 })} />
                    <Button onClick={() => void book(article)} disabled={article.stock === 0} data-testid="booking-book">
                      {t('bookings.book')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </QueryState>
      ) : null}
      {paying ? <PayPanel key={paying.id} kind="booking" targetId={paying.id} amount={paying.amount} currency={paying.currency} /> : null}
      <Title order={2} size="h3">
        {t('bookings.mine')}
      </Title>
      <ResourceList<Booking>
        resource={myBookingsResource}
        testId="my-booking"
        query={{ includes: ['article'] } as never}
        columns={bookingColumns(t)}
        rowActions={[
          { label: t('bookings.pay'), onClick: (b) => setPaying(b), hidden: (b) => !!b.paid_at || b.status === 'cancelled' },
          { label: t('bookings.cancel'), color: 'red', onClick: (b) => api.post(`bookings/${b.id}/cancel`).then(() => queryClient.invalidateQueries()), hidden: (b) => !!b.paid_at || b.status === 'cancelled', confirm: { message: t('booking.cancelConfirm') } },
        ]}
      />
    </Stack>
  );
}
