import type { CategoryObjectRow, CategoryType } from '@app/contracts/catalogue';
import { Button, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { adminPaths } from '../../administration/admin-paths';
import { catalogueApi, catalogueKeys } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { PagedList } from '../PagedList';


/** The records filed under a category: searched, paged, taken out one by one; "Ranger" files more. */
export function CategoryObjects({ id, type, name }: { id: number; type: CategoryType; name: string }) {
  const t = useCatalogueT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const client = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const refresh = () => client.invalidateQueries({ queryKey: catalogueKeys.all(scope) });
  const columns = [
    { id: 'label', header: t('common.name'), cell: (r: CategoryObjectRow) => r.label, primary: true },
    { id: 'context', header: t('categories.context'), cell: (r: CategoryObjectRow) => r.context ?? t('categories.platform') },
  ];
  return (
    <>
      <Group justify="flex-end">
        <Button onClick={open} data-testid="category-file">
          {t('categories.file')}
        </Button>
      </Group>
      <PagedList<CategoryObjectRow>
        cacheKey={['objects', id, 'filed']}
        fetch={(filter, signal) => catalogueApi.objects(id, { ...filter, scope: 'filed' }, signal)}
        testId="category-object"
        empty={t('categories.objectsEmpty')}
        rowLabel={(r) => r.label}
        // A filed company opens its back-office page; other kinds' pages belong to their own screens.
        rowHref={type === 'company' ? (r) => adminPaths.company(sid, r.id) : undefined}
        columns={columns}
        rowActions={[
          {
            label: t('categories.unfile'),
            color: 'red',
            confirm: (r) => ({ message: t('categories.unfileConfirm', { name: r.label }), confirmLabel: t('categories.unfile') }),
            onClick: async (r) => {
              await catalogueApi.unfile(id, r.id);
              await refresh();
              showToast({ message: t('categories.unfiled'), tone: 'success' });
            },
          },
        ]}
      />
      <Modal opened={opened} onClose={close} title={t('categories.fileTitle', { name })} size="lg">
        <PagedList<CategoryObjectRow>
          cacheKey={['objects', id, 'candidates']}
          fetch={(filter, signal) => catalogueApi.objects(id, { ...filter, scope: 'candidates' }, signal)}
          testId="category-candidate"
          searchLabel={t('categories.fileSearch')}
          empty={t('categories.candidatesEmpty')}
          rowLabel={(r) => r.label}
          columns={columns}
          rowActions={[
            {
              label: t('categories.file'),
              onClick: async (r) => {
                const { filed } = await catalogueApi.file(id, [r.id]);
                await refresh();
                showToast({ message: t('categories.filed', { count: filed }), tone: 'success' });
              },
            },
          ]}
        />
      </Modal>
    </>
  );
}
