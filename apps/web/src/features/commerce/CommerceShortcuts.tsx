import { canDo } from '@app/contracts/permissions';
import { Anchor, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoredAccount } from '../../lib/session/account.types';
import { commercePaths } from './commerce-paths';

/** Links to the commerce screens the account may open (business home: the company's; web home: the customer's). */
export function CommerceShortcuts({ account, area }: { account: StoredAccount; area: 'business' | 'web' }) {
  const { t } = useTranslation('nav');
  const sid = account.sid;
  const can = (object: string, action = 'list') => canDo(account.permissions, object, action);
  const links =
    area === 'web'
      ? [
          { to: commercePaths.webInvoices(sid), label: t('items.myInvoices'), show: true },
          { to: commercePaths.webBookings(sid), label: t('items.bookings'), show: can('bookings', 'create') },
        ]
      : [
          { to: commercePaths.invoices(sid), label: t('items.invoices'), show: can('invoices') },
          { to: commercePaths.transactions(sid), label: t('items.transactions'), show: can('transactions') },
          { to: commercePaths.packages(sid), label: t('items.packages'), show: can('packages', 'show') },
          { to: commercePaths.articles(sid), label: t('items.articles'), show: can('articles') },
        ];
  const visible = links.filter((l) => l.show);
  if (visible.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid={`commerce-shortcuts-${area}`}>
      <Group gap="lg">
        {visible.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to}>
            <Text span fw={600}>
              {link.label}
            </Text>
          </Anchor>
        ))}
      </Group>
    </Card>
  );
}
